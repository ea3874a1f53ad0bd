import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = fileURLToPath(new URL('./client', import.meta.url));

/**
 * The client build (design: client/). The server serves `dist/client`, with `/assets/`
 * as immutable files, so every hashed chunk lives there. Screens are lazy route chunks.
 */
export default defineConfig({
  root: clientRoot,
  publicDir: 'public',
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2020',
  },
  plugins: [
    react(),
    // Basic form for now; issue 5 switches to injectManifest with client/src/sw.ts.
    VitePWA({
      registerType: 'prompt',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'くまもと旅パスポート',
        short_name: '旅パスポート',
        description: '熊本のお店で使えるクーポンとスタンプラリー',
        lang: 'ja',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#d9482b',
        background_color: '#f6f1ea',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
      },
    }),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // The locale files live at the repository root, outside the Vite root.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: `http://localhost:${process.env.API_PORT ?? 3001}`, changeOrigin: false },
    },
  },
});
