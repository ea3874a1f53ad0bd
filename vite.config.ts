import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import type { OutputChunk } from 'rollup';
import { VitePWA } from 'vite-plugin-pwa';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = fileURLToPath(new URL('./client', import.meta.url));

/**
 * Code the client shares with the server, by name rather than by climbing out of client/
 * (the same names as tsconfig.json's `paths`, which tsx, esbuild and tsc read): the zod
 * contracts and the site module (page table, languages). Vitest reads this list too.
 */
export const sharedAliases = [
  { find: /^@contracts\//, replacement: fileURLToPath(new URL('./server/src/contracts/', import.meta.url)) },
  { find: /^@site\//, replacement: fileURLToPath(new URL('./server/src/site/', import.meta.url)) },
];

const alias = [
  ...sharedAliases,
  // React 19 has useSyncExternalStore: react-i18next's shim would only pass it on.
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: fileURLToPath(new URL('./client/src/lib/use-sync-external-store-shim.ts', import.meta.url)),
  },
];

/**
 * index.html loads only client/src/boot.ts, which starts the app (client/src/main.tsx, a
 * dynamic import) after the first paint (issue 5). This links the app's code for an early
 * fetch (modulepreload) and its CSS (render-blocking, as for any entry), so neither waits for
 * the boot script.
 */
function linkAppChunk(): Plugin {
  return {
    name: 'passport:link-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx): HtmlTagDescriptor[] {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        // Other builds (the service worker's) have no page entry and nothing to link.
        if (!chunks.some((c) => c.isEntry && c.facadeModuleId?.endsWith('/client/index.html'))) return [];
        const main = chunks.find((c) => c.moduleIds.some((m) => m.endsWith('/client/src/main.tsx')));
        if (!main) throw new Error('the build has no chunk for client/src/main.tsx');
        const js = new Set<string>();
        const css = new Set<string>();
        const walk = (chunk: OutputChunk) => {
          if (js.has(chunk.fileName)) return;
          js.add(chunk.fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const name of chunk.imports) {
            const dep = bundle[name];
            if (dep?.type === 'chunk') walk(dep);
          }
        };
        walk(main);
        const tag = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        });
        const absent = (file: string) => !html.includes(`/${file}"`);
        return [
          ...[...css].filter(absent).map((f) => tag('stylesheet', f)),
          ...[...js].filter(absent).map((f) => tag('modulepreload', f)),
        ];
      },
    },
  };
}

/**
 * The client build (design: client/). The server serves `dist/client`, with `/assets/`
 * as immutable files, so every hashed chunk lives there. Screens are lazy route chunks.
 * `vite build --ssr` builds the server-side render (client/src/entry-server.tsx) into
 * `dist/server` instead; the client build's manifest tells the server which CSS it needs.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: clientRoot,
        publicDir: false,
        resolve: { alias },
        build: {
          outDir: fileURLToPath(new URL('./dist/server', import.meta.url)),
          emptyOutDir: true,
          rollupOptions: { input: fileURLToPath(new URL('./client/src/entry-server.tsx', import.meta.url)) },
          target: 'node20',
          minify: false,
        },
        plugins: [react()],
      }
    : {
        root: clientRoot,
        publicDir: 'public',
        resolve: { alias },
        build: {
          manifest: true,
          outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
          emptyOutDir: true,
          assetsDir: 'assets',
          target: 'es2020',
          // Terser packs the first view about 2.5 KB (gzip) smaller than esbuild (issue 5's budget
          // of 120 KB of JavaScript for /coupon/). No modulepreload polyfill: browsers without it
          // (iOS before 17) only miss the early fetch of a chunk.
          minify: 'terser',
          terserOptions: { compress: { passes: 2 }, format: { comments: false } },
          modulePreload: { polyfill: false },
          rollupOptions: {
            output: {
              // Recognisable names for the service worker: the admin area's code and language files
              // are left out of the visitors' precache.
              chunkFileNames: (chunk) => {
                if (chunk.facadeModuleId?.includes('/locales/admin/')) return 'assets/admin-locale-[name]-[hash].js';
                if (chunk.facadeModuleId?.includes('/locales/')) return 'assets/locale-[name]-[hash].js';
                if (
                  chunk.moduleIds.length > 0 &&
                  chunk.moduleIds.every((id) => id.includes('/client/src/admin/') || id.includes('/locales/admin/'))
                )
                  return 'assets/admin-[name]-[hash].js';
                return 'assets/[name]-[hash].js';
              },
              assetFileNames: (asset) =>
                asset.originalFileNames.length > 0 &&
                asset.originalFileNames.every((f) => f.includes('client/src/admin/'))
                  ? 'assets/admin-[name]-[hash][extname]'
                  : 'assets/[name]-[hash][extname]',
            },
          },
        },
        plugins: [
          react(),
          linkAppChunk(),
          // Issue 5: our own TypeScript service worker (client/src/sw.ts) with the precache list
          // injected; registered by lib/pwa.ts with workbox-window, updates offered, never forced.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src',
            filename: 'sw.ts',
            registerType: 'prompt',
            injectRegister: false,
            includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
            manifest: {
              id: '/',
              name: 'くまもと旅パスポート',
              short_name: '旅パスポート',
              description: '熊本のお店で使えるクーポンとスタンプラリー',
              lang: 'ja',
              start_url: '/',
              scope: '/',
              display: 'standalone',
              orientation: 'portrait',
              theme_color: '#d9482b',
              background_color: '#f6f1ea',
              icons: [
                { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
                { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
                { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
                { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
              ],
            },
            injectManifest: {
              // The app shell, with every language's messages (about 45 KB gzipped) so that a
              // visitor can switch language with no signal; the admin area is never precached
              // (staff use it online); the big install icons are fetched by the browser itself.
              globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png'],
              globIgnores: ['**/admin-*', 'sw.js'],
            },
            devOptions: { enabled: false },
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
      },
);
