import type { ImageStore } from '../../storage/image-store';
import { storeWebpVariants, type StoredImage } from '../../storage/webp-variants';

export { IMAGE_WIDTHS, MAX_IMAGE_BYTES, type StoredImage } from '../../storage/webp-variants';

/**
 * A coupon image through the shared pipeline (storage/webp-variants: checked by its bytes,
 * WebP 1200 px and 400 px, metadata stripped) under `coupons/{couponId}/`.
 * @throws BusinessRuleError NOT_AN_IMAGE (422) when the bytes are no accepted image
 */
export function storeCouponImage(store: ImageStore, couponId: number, bytes: Buffer): Promise<StoredImage> {
  return storeWebpVariants(store, `coupons/${couponId}`, bytes);
}
