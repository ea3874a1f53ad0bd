import type { z } from 'zod';
import type { StoreCoupons, StoreCouponsResponse } from '@contracts/coupons';
import type { NearbyCouponList } from '@contracts/nearby-coupons';
import { api } from '../../../lib/api-client';
import type { Position } from '../../../lib/geolocation';
import type { Locale } from '../../../lib/i18n';
import { readThrough, type Fresh, type Saved } from '../../../lib/offline-sync';
import { fetchStoreCoupons } from './spot-qr.api';

/**
 * The search radius asked for first, in metres: the server's default
 * (contracts/nearby-coupons NEARBY_COUPONS_DEFAULT_RANGE_M), sent explicitly so the screen
 * can name it; kept here so the screen's chunk does not take the contracts' zod code along.
 */
export const NEARBY_COUPONS_DEFAULT_RANGE_M = 3000;

/**
 * POST /api/coupons/get/nearby/coupon/lists: one page (10, spec 9) of the coupons with a spot
 * within `range` metres of the phone, nearest first, each with that spot and its distance.
 */
export function fetchNearbyCoupons(
  at: Position,
  q: { range: number; page: number; locale: Locale },
  signal?: AbortSignal,
): Promise<NearbyCouponList> {
  return api<NearbyCouponList>('/coupons/get/nearby/coupon/lists', {
    method: 'POST',
    body: { lat: at.lat, long: at.long, accuracy: at.accuracy, range: q.range, page: q.page },
    locale: q.locale,
    signal,
  });
}

/** Name of a shop's offline copy (public data, per language). */
export const storeCopyId = (locale: Locale, spotId: number) => `coupons:store:${locale}:${spotId}`;

/**
 * A shop and its coupons shown today (PUT /api/coupons/store/list) for the shop's coupons
 * page, and whether `code` (a store code in the page's address) is the shop's current one:
 * from the network (then saved for offline use), else the copy saved when it was last seen,
 * with the time it was saved (its `codeValid` then says nothing about `code`).
 * @throws ClientError SPOT_NOT_FOUND (unknown shop), NETWORK (offline, never seen) and the API's errors
 */
export function loadStoreCoupons(
  spotId: number,
  code: string | undefined,
  locale: Locale,
): Promise<Fresh<StoreCoupons> | Saved<StoreCoupons>> {
  return readThrough({ id: storeCopyId(locale, spotId), load: () => fetchStoreCoupons(spotId, code) });
}

/** Whether `code` is the shop's current check-in code (the store code typed on its page). */
export async function checkStoreCode(spotId: number, code: string): Promise<boolean> {
  const res = await api<z.infer<typeof StoreCouponsResponse>>('/coupons/store/list', {
    method: 'PUT',
    body: { spotId, code },
  });
  return res.data.codeValid === true;
}
