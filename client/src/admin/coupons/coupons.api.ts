import type { z } from 'zod';
import type {
  AdminCoupon,
  AdminCouponInput,
  AdminCouponList,
  AdminCouponQuery,
  CouponImage,
  LinePointAmount,
  TagSuggestions,
} from '@contracts/admincoupons';
import type { AuditEntry } from '@contracts/audit';
import type { SpotAdmin, SpotPickerItem, SpotPickerList } from '@contracts/spots-admin';
import { adminApi, adminUpload, recordId } from '../lib/api';

export type { AdminCoupon, AuditEntry, CouponImage, SpotAdmin, SpotPickerItem };
export type CouponList = z.infer<typeof AdminCouponList>;
export type CouponRow = CouponList['data'][number];
export type CouponQuery = Partial<AdminCouponQuery>;
export type CouponInput = z.input<typeof AdminCouponInput>;

/** GET /api/admincoupons: search, filters, sort, page (shop staff get their spots' coupons). */
export function listCoupons(query: CouponQuery, signal?: AbortSignal): Promise<CouponList> {
  return adminApi<CouponList>('/admincoupons', { query, signal });
}

/** GET /api/admincoupons/{id}: the whole coupon for its form. */
export async function getCoupon(id: number, signal?: AbortSignal): Promise<AdminCoupon> {
  return (await adminApi<{ data: AdminCoupon }>(`/admincoupons/${recordId(id)}`, { signal })).data;
}

/** POST /api/admincoupons. @throws AdminApiError with field errors on 400 */
export async function createCoupon(input: CouponInput): Promise<AdminCoupon> {
  return (await adminApi<{ data: AdminCoupon }>('/admincoupons', { method: 'POST', body: input })).data;
}

/** PUT /api/admincoupons/{id}. @throws AdminApiError with field errors on 400 */
export async function updateCoupon(id: number, input: CouponInput): Promise<AdminCoupon> {
  return (await adminApi<{ data: AdminCoupon }>(`/admincoupons/${id}`, { method: 'PUT', body: input })).data;
}

/** DELETE /api/admincoupons/{id}. */
export async function deleteCoupon(id: number): Promise<void> {
  await adminApi(`/admincoupons/${id}`, { method: 'DELETE' });
}

/** GET /api/admincoupons/get/tags: tags already in use, most used first. */
export async function suggestTags(q: string, signal?: AbortSignal): Promise<Array<{ tag: string; count: number }>> {
  return (await adminApi<z.infer<typeof TagSuggestions>>('/admincoupons/get/tags', { query: { q }, signal })).data;
}

/** GET /api/admincoupons/linepoint/amount: points set per use and the coupon's uses so far. */
export async function linePointStats(
  couponId: number,
  signal?: AbortSignal,
): Promise<z.infer<typeof LinePointAmount>['data']> {
  return (
    await adminApi<z.infer<typeof LinePointAmount>>('/admincoupons/linepoint/amount', { query: { couponId }, signal })
  ).data;
}

/** POST multipart /api/admincoupons/{id}/images (field couponImage), with upload progress 0..1. */
export async function uploadCouponImages(
  id: number,
  files: File[],
  onProgress: (f: number) => void,
): Promise<CouponImage[]> {
  const form = new FormData();
  for (const f of files) form.append('couponImage', f, f.name);
  return (await adminUpload<{ data: CouponImage[] }>(`/admincoupons/${id}/images`, form, onProgress)).data;
}

/** DELETE /api/admincoupons/{id}/images?type=couponImage&offsets[]=... (spec 7). */
export async function deleteCouponImages(id: number, offsets: number[]): Promise<CouponImage[]> {
  return (
    await adminApi<{ data: CouponImage[] }>(`/admincoupons/${id}/images`, {
      method: 'DELETE',
      query: { type: 'couponImage', offsets },
    })
  ).data;
}

/** GET /api/spots/list: spots for the picker (shop staff: their own), filtered by q. */
export function pickSpots(q: string, signal?: AbortSignal): Promise<z.infer<typeof SpotPickerList>> {
  return adminApi<z.infer<typeof SpotPickerList>>('/spots/list', { query: { q: q || undefined, limit: 200 }, signal });
}

/** GET /api/spots/{id}: a spot with every name and its address (for the preview). */
export async function getSpot(id: number, signal?: AbortSignal): Promise<SpotAdmin> {
  return (await adminApi<{ data: SpotAdmin }>(`/spots/${id}`, { signal })).data;
}
