import { z } from 'zod';
import { Area, ListMeta, Purpose } from './common';

/**
 * Coupon search (spec 2 `/coupon/search_window/`, spec 7, issue 15). Every call here counts
 * the coupons a visitor could see today (published, not deleted, valid on the JST day) under
 * a set of filters with the same meaning as GET /coupons/list/search:
 *
 * - `area`, `purpose`, `genre`: equal to the coupon's;
 * - `tag` (0..10): the coupon has every one;
 * - `address`: one of the coupon's shops lies in that municipality (市区町村, as
 *   GET /coupons/search/select/address names them);
 * - `keyword`: every word (split on spaces) appears in the coupon's search document: its
 *   titles, descriptions and discounts in the five languages, genre, tags, area and purpose
 *   names in the five languages, its shops' names in every language, addresses and
 *   municipalities; `shop`: every word appears in its shops' names. Matching is by substring
 *   (Japanese has no word boundaries) after folding both sides the same way: NFKC (full and
 *   half width), lower case, hiragana as katakana; so `らーめん` finds `ラーメン`, `ASO`
 *   finds `Aso`, `aso` and `阿蘇` find coupons in the 阿蘇 area, `온천` and `温泉` hot springs.
 */
const Text = z.string().trim().min(1).max(100);
export const CouponFilterBody = z.object({
  area: Area.optional(),
  purpose: Purpose.optional(),
  genre: Text.optional(),
  keyword: Text.optional(),
  shop: Text.optional(),
  address: Text.optional(),
  tag: z.array(Text).max(10).default([]),
});
export type CouponFilter = z.output<typeof CouponFilterBody>;

/** The same filters in a query string (`tag` may repeat), for the GET calls below. */
export const CouponFilterQuery = CouponFilterBody.extend({
  tag: z
    .union([Text, z.array(Text).max(10)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

/** One choice and how many coupons it leaves with the other filters as given. */
export const FacetCount = z.object({ value: z.string(), count: z.number().int() });

/**
 * Answer of POST /coupons/search/coupon/count: `total`, the coupons the filters leave; and for
 * each choice of area (all six), purpose (all seven) and genre (those with coupons), how many
 * coupons there would be with that choice in place of the current one and the other filters
 * unchanged: what the search screen shows on each choice before the visitor commits.
 */
export const CouponCount = z.object({
  total: z.number().int(),
  areas: z.array(FacetCount.extend({ value: Area })),
  purposes: z.array(FacetCount.extend({ value: Purpose })),
  genres: z.array(FacetCount),
});
export type CouponCount = z.infer<typeof CouponCount>;
export const CouponCountResponse = z.object({ data: CouponCount });

/**
 * Query of GET /coupons/search/tag/items: the filters, and `prefix`, kept only for tags whose
 * folded text starts with the folded prefix (`おん` finds `オンセン`, not `温泉`); `limit`
 * (default 20, at most 100).
 */
export const TagItemsQuery = CouponFilterQuery.extend({
  prefix: Text.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TagItemsQuery = z.output<typeof TagItemsQuery>;

/** A tag and how many coupons the filters leave with it added (a tag already chosen: the total). */
export const TagItem = z.object({ tag: z.string(), count: z.number().int() });
export type TagItem = z.infer<typeof TagItem>;
/** Most coupons first, then by tag; `meta.total` counts every tag that matched. */
export const TagItemList = z.object({ data: z.array(TagItem), meta: ListMeta });

/** A municipality (市区町村) and how many coupons the filters leave there (the `address` filter set aside). */
export const AddressItem = z.object({ municipality: z.string(), count: z.number().int() });
export type AddressItem = z.infer<typeof AddressItem>;
/** GET /coupons/search/select/address: every municipality with coupons, most coupons first, then by name. */
export const AddressItemList = z.object({ data: z.array(AddressItem), meta: ListMeta });
