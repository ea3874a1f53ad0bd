import type { AddressItemList, CouponCountResponse, TagItemList } from '@contracts/coupon-search';
import type { Area, Purpose } from '@contracts/common';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Spec 3's six areas and seven purposes, in spec order (contracts/common's AREAS and PURPOSES without its zod). */
export const AREAS = ['north', 'center', 'city', 'aso', 'south', 'amakusa'] as const satisfies readonly Area[];
export const PURPOSES = [
  'gourmet',
  'spa',
  'experience',
  'lodging',
  'souvenir',
  'shopping',
  'traffic',
] as const satisfies readonly Purpose[];

/** The list's query parameters in the order the coupon list writes them (its store's LIST_FILTER_KEYS). */
const FILTER_KEYS = ['area', 'purpose', 'genre', 'tag', 'address', 'shop', 'keyword'] as const;

/** The search screen's choices: the list filters of GET /coupons/list/search. */
export type SearchFilters = {
  area?: Area;
  purpose?: Purpose;
  genre?: string;
  tag: string[];
  address?: string;
  shop: string;
  keyword: string;
};

export const NO_FILTERS: SearchFilters = { tag: [], shop: '', keyword: '' };

/** The filters a list query string carries (unknown values are kept: the API answers what is wrong). */
export function filtersOf(search: string): SearchFilters {
  const q = new URLSearchParams(search);
  const one = (k: string) => q.get(k)?.trim() || undefined;
  return {
    area: one('area') as Area | undefined,
    purpose: one('purpose') as Purpose | undefined,
    genre: one('genre'),
    tag: [
      ...new Set(
        q
          .getAll('tag')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ],
    address: one('address'),
    shop: one('shop') ?? '',
    keyword: one('keyword') ?? '',
  };
}

/** The filters as the list's query string (FILTER_KEYS order), without `?`; '' for none. */
export function queryOf(f: SearchFilters): string {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = f[k];
    for (const x of Array.isArray(v) ? v : [v]) if (x?.trim()) q.append(k, x.trim());
  }
  return q.toString();
}

/** The filters as a JSON body or query object: blanks left out. */
function bodyOf(f: SearchFilters) {
  return {
    ...(f.area ? { area: f.area } : {}),
    ...(f.purpose ? { purpose: f.purpose } : {}),
    ...(f.genre ? { genre: f.genre } : {}),
    ...(f.address ? { address: f.address } : {}),
    ...(f.shop.trim() ? { shop: f.shop.trim() } : {}),
    ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}),
    tag: f.tag,
  };
}

export type CouponCount = z.infer<typeof CouponCountResponse>['data'];

/** POST /api/coupons/search/coupon/count: how many coupons the filters leave, and each area/purpose/genre choice. */
export async function countCoupons(f: SearchFilters, signal?: AbortSignal): Promise<CouponCount> {
  return (
    await api<z.infer<typeof CouponCountResponse>>('/coupons/search/coupon/count', {
      method: 'POST',
      body: bodyOf(f),
      signal,
    })
  ).data;
}

/** GET /api/coupons/search/tag/items: tags of the coupons the filters leave, with counts (optional prefix). */
export async function fetchTagItems(f: SearchFilters, prefix: string, signal?: AbortSignal) {
  const query = { ...bodyOf(f), prefix: prefix.trim() || undefined, limit: 30 };
  return (await api<z.infer<typeof TagItemList>>('/coupons/search/tag/items', { query, signal })).data;
}

/** GET /api/coupons/search/select/address: municipalities with coupons the filters leave, with counts. */
export async function fetchAddressItems(f: SearchFilters, signal?: AbortSignal) {
  return (await api<z.infer<typeof AddressItemList>>('/coupons/search/select/address', { query: bodyOf(f), signal }))
    .data;
}
