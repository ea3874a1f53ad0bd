import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where uploaded images live, behind one small interface so that an object store (S3, GCS)
 * can replace the local directory without touching the domains.
 */
export interface ImageStore {
  /** Stores bytes under a key such as `coupons/12/01J…-400.webp`. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The URL a browser loads the image from. */
  urlFor(key: string): string;
}

/** URL path under which the local store's files are served (long-cached: keys never change). */
export const UPLOADS_PATH = '/uploads';

/** An ImageStore on a local directory (UPLOAD_DIR), served by the app at /uploads. */
export function createDiskImageStore(directory: string): ImageStore {
  const root = resolve(directory);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`image key outside the upload directory: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    urlFor: (key) => `${UPLOADS_PATH}/${key}`,
  };
}
