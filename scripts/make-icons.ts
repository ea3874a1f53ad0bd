/**
 * Writes the PWA icons (issue 5) from the app's mark, the passport seal of favicon.svg:
 * 192 and 512 px "any" icons (rounded square), a 512 px maskable icon (full bleed, the seal
 * inside the 80 % safe circle) and the 180 px apple-touch-icon (iOS wants a PNG, no
 * transparency). Run `node --import tsx scripts/make-icons.ts`; the PNGs are committed.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../client/public/icons/', import.meta.url));
const ACCENT = '#d9482b';

/** The seal (ring, dashed inner ring, check) centred in a 64-unit box, scaled by `k`. */
function seal(k: number): string {
  const t = (n: number) => (32 + (n - 32) * k).toFixed(2);
  return [
    `<circle cx="32" cy="32" r="${(19 * k).toFixed(2)}" fill="none" stroke="#fff" stroke-width="${(4 * k).toFixed(2)}"/>`,
    `<circle cx="32" cy="32" r="${(12.5 * k).toFixed(2)}" fill="none" stroke="#fff" stroke-width="${(2 * k).toFixed(2)}" stroke-dasharray="${(3 * k).toFixed(2)} ${(3 * k).toFixed(2)}"/>`,
    `<path d="M${t(25)} ${t(33.5)}L${t(30)} ${t(38.5)}L${t(39.5)} ${t(27.5)}" fill="none" stroke="#fff" stroke-width="${(4 * k).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  ].join('');
}

const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${ACCENT}"/>${seal(1)}</svg>`;
// Maskable: the platform cuts its own shape; keep the seal within the central 80 %.
const fullBleed = (k: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${ACCENT}"/>${seal(k)}</svg>`;

async function write(svg: string, size: number, name: string) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(OUT + name);
  console.log(`wrote client/public/icons/${name}`);
}

mkdirSync(OUT, { recursive: true });
await write(anyIcon, 192, 'icon-192.png');
await write(anyIcon, 512, 'icon-512.png');
await write(fullBleed(0.95), 512, 'maskable-512.png');
await write(fullBleed(1.1), 180, 'apple-touch-icon.png');
