import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { BusinessRuleError } from '../http/errors';
import type { ImageStore } from './image-store';

/** Accepted upload formats, judged from the bytes (sharp's decoder), never from the file name. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
/** Widths of the WebP variants: the detail uses the large one, the list the small one. */
export const IMAGE_WIDTHS = { large: 1200, small: 400 } as const;
/** Largest accepted upload, in bytes (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type StoredImage = { largeKey: string; smallKey: string; width: number; height: number };

/**
 * The upload pipeline of every admin image (coupon images, prize images): checks that the
 * bytes are an image, then writes WebP variants 1200 px and 400 px wide (never enlarged),
 * turned upright from the EXIF orientation and stripped of all metadata (EXIF, GPS, ICC),
 * under `{folder}/` (e.g. `coupons/12`).
 * @throws BusinessRuleError NOT_AN_IMAGE (422) when sharp cannot read an accepted image format
 */
export async function storeWebpVariants(store: ImageStore, folder: string, bytes: Buffer): Promise<StoredImage> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw new BusinessRuleError('NOT_AN_IMAGE');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new BusinessRuleError('NOT_AN_IMAGE');
  const id = randomUUID();
  const render = (width: number) =>
    sharp(bytes)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  const [large, small] = await Promise.all([render(IMAGE_WIDTHS.large), render(IMAGE_WIDTHS.small)]);
  const largeKey = `${folder}/${id}-${IMAGE_WIDTHS.large}.webp`;
  const smallKey = `${folder}/${id}-${IMAGE_WIDTHS.small}.webp`;
  await store.put(largeKey, large.data, 'image/webp');
  await store.put(smallKey, small.data, 'image/webp');
  return { largeKey, smallKey, width: large.info.width, height: large.info.height };
}

/**
 * Stores several uploads in turn; if one fails, the files already written are removed again
 * before the error goes on, so a refused upload leaves nothing behind.
 */
export async function storeAllOrNone(store: ImageStore, folder: string, files: Buffer[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const bytes of files) stored.push(await storeWebpVariants(store, folder, bytes));
  } catch (err) {
    await Promise.all(stored.flatMap((s) => [store.delete(s.largeKey), store.delete(s.smallKey)]));
    throw err;
  }
  return stored;
}
