import type { CouponDetail, CouponDetailResponse, CouponList, MarkUsedResponse, MarkUsedResult } from '../../../../../server/src/contracts/coupons';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ClientError, errorText } from '../../../lib/errors';
import type { Position } from '../../../lib/geolocation';

/** Spec 9: the list's page size. */
export const COUPON_PAGE_SIZE = 10;

/** GET /api/coupons/list/search: one page of published, valid coupons, newest first. */
export function fetchCouponPage(page: number, signal?: AbortSignal): Promise<CouponList> {
  return api<CouponList>('/coupons/list/search', { query: { page, limit: COUPON_PAGE_SIZE }, signal });
}

/** GET /api/coupons/{id}: detail with spots and, when signed in, whether it was used today. */
export async function fetchCoupon(id: number, signal?: AbortSignal): Promise<CouponDetail> {
  if (!Number.isSafeInteger(id) || id <= 0) throw new ClientError('COUPON_NOT_FOUND', errorText('COUPON_NOT_FOUND'));
  return (await api<z.infer<typeof CouponDetailResponse>>(`/coupons/${id}`, { signal })).data;
}

/**
 * PUT /api/coupons/qr/{id}: marks the coupon used where the phone is. The same
 * idempotency key for the same attempt makes a retried request harmless.
 */
export async function markCouponUsed(id: number, at: Position, idempotencyKey: string): Promise<MarkUsedResult> {
  const res = await api<z.infer<typeof MarkUsedResponse>>(`/coupons/qr/${id}`, {
    method: 'PUT',
    body: { lat: at.lat, long: at.long, accuracy: at.accuracy },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return res.data;
}
