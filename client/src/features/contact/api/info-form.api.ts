import type { CouponCard, CouponList } from '@contracts/coupons';
import type { FoundCoupons } from '@contracts/coupon-calls';
import { api } from '../../../lib/api-client';

/** How many matches the chooser lists (the visitor narrows with more words). */
const MATCHES = 10;

/**
 * GET /api/coupons/list/search?keyword=: coupons shown today whose title, text or shop name
 * contain the words (the coupon list's own search), for choosing what an inquiry is about.
 * @throws ApiError
 */
export async function searchChoices(keyword: string, signal?: AbortSignal): Promise<CouponCard[]> {
  return (await api<CouponList>('/coupons/list/search', { query: { keyword, page: 1, limit: MATCHES }, signal })).data;
}

/**
 * POST /api/coupons/find/coupon/list with one id: the coupon a link names (`?coupon=`), or
 * null when it is not shown today.
 * @throws ApiError
 */
export async function findChoice(id: number, signal?: AbortSignal): Promise<CouponCard | null> {
  const found = await api<FoundCoupons>('/coupons/find/coupon/list', { method: 'POST', body: { ids: [id] }, signal });
  return found.data[0] ?? null;
}
