import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { Icon } from '../layout/icons';
import { adminMessageOf } from '../lib/api';
import { useAdminT } from '../lib/i18n';
import { deleteCouponImages, uploadCouponImages, type CouponImage } from './coupons.api';

/** Where a record's images go: upload and delete by offset (coupons by default; prizes reuse the card). */
export type ImageStore = {
  /** The multipart field name (couponImage, prizeImage). */
  field: string;
  upload: (ownerId: number, files: File[], onProgress: (f: number) => void) => Promise<CouponImage[]>;
  remove: (ownerId: number, offsets: number[]) => Promise<CouponImage[]>;
};

const COUPON_IMAGES: ImageStore = { field: 'couponImage', upload: uploadCouponImages, remove: deleteCouponImages };

export const MAX_IMAGES = 10;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Coupon images (issue 6), and prize images (issue 12, `store`). A saved record uploads at
 * once (multipart, with progress) and deletes by offset; a new one keeps the chosen files
 * until it is saved. The server checks
 * the bytes and strips metadata; here only the size and the declared type are checked first.
 */
export function ImagesCard({
  ownerId,
  store = COUPON_IMAGES,
  testId = 'coupon-images',
  texts,
  images,
  onImages,
  queued,
  onQueue,
  progress: outerProgress,
}: {
  /** The saved record's id; undefined while it is new (files wait in `queued`). */
  ownerId?: number;
  store?: ImageStore;
  testId?: string;
  /** The record's own words where the coupon's would be wrong: an image's alt text, the wait-for-save hint. */
  texts?: { alt: (n: number) => string; afterSave: string };
  images: CouponImage[];
  onImages: (images: CouponImage[]) => void;
  queued: File[];
  onQueue: (files: File[]) => void;
  /** Upload progress 0..1 while the parent uploads the queue after creating the coupon. */
  progress: number | null;
}) {
  const t = useAdminT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const previews = useMemo(() => queued.map((f) => URL.createObjectURL(f)), [queued]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const count = images.length + queued.length;
  const shownProgress = outerProgress ?? progress;

  const take = async (list: FileList | File[]) => {
    setError(null);
    const files = [...list];
    const bad = files.find((f) => !f.type.startsWith('image/'));
    if (bad) return setError(t('couponForm.images.notImage', { name: bad.name }));
    const big = files.find((f) => f.size > MAX_IMAGE_BYTES);
    if (big) return setError(t('couponForm.images.tooBig', { name: big.name }));
    if (count + files.length > MAX_IMAGES) return setError(t('couponForm.images.tooMany', { max: MAX_IMAGES }));
    if (ownerId === undefined) return onQueue([...queued, ...files]);
    setBusy(true);
    setProgress(0);
    try {
      onImages(await store.upload(ownerId, files, setProgress));
    } catch (err) {
      setError(adminMessageOf(err));
    } finally {
      setBusy(false);
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (offset: number) => {
    if (ownerId === undefined) return;
    if (!window.confirm(t('couponForm.images.confirmDelete'))) return;
    setError(null);
    setBusy(true);
    try {
      onImages(await store.remove(ownerId, [offset]));
    } catch (err) {
      setError(adminMessageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) void take(e.dataTransfer.files);
  };

  return (
    <section className="adm-card adm-section" aria-labelledby={`${id}-h`}>
      <h2 className="adm-section__title" id={`${id}-h`}>
        {t('couponForm.images.title')}
        <span className="adm-section__count">
          {count} / {MAX_IMAGES}
        </span>
      </h2>
      {(images.length > 0 || queued.length > 0) && (
        <ul className="adm-images" data-testid={testId}>
          {images.map((img, i) => (
            <li key={img.url} className="adm-image">
              <img
                src={img.smallUrl}
                alt={texts ? texts.alt(i + 1) : t('couponForm.images.alt', { n: i + 1 })}
                width={img.width}
                height={img.height}
                loading="lazy"
              />
              {i === 0 && <span className="adm-image__main">{t('couponForm.images.main')}</span>}
              <button
                type="button"
                className="adm-image__delete"
                onClick={() => void remove(img.offset)}
                disabled={busy}
                aria-label={t('couponForm.images.delete', { n: i + 1 })}
              >
                <Icon name="trash" size={16} />
              </button>
            </li>
          ))}
          {queued.map((f, i) => (
            <li key={previews[i]} className="adm-image is-queued">
              <img src={previews[i]} alt={f.name} />
              <span className="adm-image__main">{t('couponForm.images.queued')}</span>
              <button
                type="button"
                className="adm-image__delete"
                onClick={() => onQueue(queued.filter((_, j) => j !== i))}
                disabled={shownProgress !== null}
                aria-label={t('couponForm.images.delete', { n: images.length + i + 1 })}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {shownProgress !== null && (
        <div
          className="adm-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(shownProgress * 100)}
          aria-label={t('couponForm.images.uploading')}
        >
          <div className="adm-progress__bar" style={{ width: `${Math.round(shownProgress * 100)}%` }} />
          <span className="adm-progress__label">
            {t('couponForm.images.uploadingPercent', { percent: Math.round(shownProgress * 100) })}
          </span>
        </div>
      )}
      {count < MAX_IMAGES && (
        <label
          className={`adm-drop${over ? ' is-over' : ''}${busy ? ' is-busy' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <Icon name="upload" size={22} />
          <span className="adm-drop__text">{t('couponForm.images.choose')}</span>
          <span className="adm-drop__hint">{t('couponForm.images.hint')}</span>
          <input
            ref={input}
            className="adm-visually-hidden"
            type="file"
            name={store.field}
            accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif"
            multiple
            disabled={busy}
            onChange={(e) => e.target.files && void take(e.target.files)}
            data-testid="image-input"
          />
        </label>
      )}
      {ownerId === undefined && queued.length > 0 && (
        <p className="adm-field__hint">{texts?.afterSave ?? t('couponForm.images.afterSave')}</p>
      )}
      {error && (
        <p className="adm-field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
