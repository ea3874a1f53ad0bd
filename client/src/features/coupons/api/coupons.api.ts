import type {
  CouponDetail,
  CouponDetailResponse,
  CouponList,
  MarkUsedResponse,
  MarkUsedResult,
  NearbySpot,
  NearbySpotList,
} from '@contracts/coupons';
import type { z } from 'zod';
import { COUPON_LIST_PAGE_SIZE } from '@site/prerender';
import { api } from '../../../lib/api-client';
import { ClientError, errorText } from '../../../lib/errors';
import type { Position } from '../../../lib/geolocation';
import type { Locale } from '../../../lib/i18n';

/**
 * GET /api/coupons/list/search: one page of published, valid coupons, newest first, under the
 * list filters of the page URL's query `filters` (the API leaves other parameters aside).
 */
export function fetchCouponPage(page: number, locale: Locale, filters = '', signal?: AbortSignal): Promise<CouponList> {
  const q = new URLSearchParams(filters);
  q.set('page', `${page}`);
  q.set('limit', `${COUPON_LIST_PAGE_SIZE}`);
  return api<CouponList>(`/coupons/list/search?${q}`, { locale, signal });
}

/** GET /api/coupons/{id}: detail with spots and, when signed in, whether it was used today. */
export async function fetchCoupon(id: number, signal?: AbortSignal): Promise<CouponDetail> {
  if (!Number.isSafeInteger(id) || id <= 0) throw new ClientError('COUPON_NOT_FOUND', errorText('COUPON_NOT_FOUND'));
  return (await api<z.infer<typeof CouponDetailResponse>>(`/coupons/${id}`, { signal })).data;
}

/**
 * What proves the visitor is at the shop: the phone's position, or (position refused) the
 * shop's check-in code typed in the store code entry (server contract requested in issue 5:
 * `{checkInCode}` in place of `{lat, long, accuracy}`; 422 STORE_CODE_INVALID when wrong).
 */
export type Presence = { lat: number; long: number; accuracy: number } | { checkInCode: string };
/** Body of PUT /api/coupons/qr/{id}; `usedAt` (ISO 8601) when the press is sent later. */
export type MarkUsedBody = Presence & { usedAt?: string };

export const markUsedPath = (id: number) => `/coupons/qr/${id}`;

/** The request body for a press: the proof of presence, and the time pressed when queued. */
export function markUsedBody(presence: Position | { checkInCode: string }, usedAt?: string): MarkUsedBody {
  const proof: Presence =
    'checkInCode' in presence
      ? { checkInCode: presence.checkInCode }
      : { lat: presence.lat, long: presence.long, accuracy: presence.accuracy };
  return usedAt ? { ...proof, usedAt } : proof;
}

/**
 * PUT /api/coupons/qr/{id}: marks the coupon used. The same idempotency key for the same
 * attempt makes a retried request harmless.
 */
export async function markCouponUsed(id: number, body: MarkUsedBody, idempotencyKey: string): Promise<MarkUsedResult> {
  const res = await api<z.infer<typeof MarkUsedResponse>>(markUsedPath(id), {
    method: 'PUT',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return res.data;
}

/** Spec 9: default nearby spot query, page 1, limit 5. */
export const NEARBY_LIMIT = 5;

/** GET /api/coupons/get/nearby/spot/list: spots of coupon `cid` usable at a position, nearest first. */
export async function fetchNearbySpots(at: Position, cid: number, signal?: AbortSignal): Promise<NearbySpot[]> {
  const res = await api<z.infer<typeof NearbySpotList>>('/coupons/get/nearby/spot/list', {
    query: { page: 1, limit: NEARBY_LIMIT, lat: at.lat, long: at.long, cid },
    signal,
  });
  return res.data;
}
