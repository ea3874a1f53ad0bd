import { z } from 'zod';
import { Area, Id, IdText, JstDate, Latitude, ListMeta, LocaleSchema, Longitude, Paging, Purpose } from './common';
import { Stamp } from './stamps';

/**
 * Query of GET /api/coupons/list/search (spec 7). `tag` may repeat. `favorite=true` narrows
 * the list to the signed-in visitor's favourites (spec 2 "a favourites list"; 401 without a
 * visitor's token): the favourites list is the coupon list with one more filter, so it pages,
 * filters and orders like the list and shows the same cards, and a favourite that is not shown
 * today (unpublished, out of its period) is left out as the list leaves it out. Only `true` is
 * accepted (leave the parameter out for the whole list).
 */
export const CouponSearchQuery = Paging.extend({
  favorite: z
    .literal('true')
    .optional()
    .transform((v) => v === 'true'),
  area: Area.optional(),
  purpose: Purpose.optional(),
  genre: z.string().trim().min(1).max(100).optional(),
  /** Words found anywhere in the coupon's search document (issue 15; see coupon-search.ts). */
  keyword: z.string().trim().min(1).max(100).optional(),
  /** Words found in the names of the coupon's shops (issue 15). */
  shop: z.string().trim().min(1).max(100).optional(),
  /** A municipality (市区町村) of the coupon's shops, as GET /coupons/search/select/address lists them. */
  address: z.string().trim().min(1).max(100).optional(),
  tag: z
    .union([z.string().trim().min(1).max(100), z.array(z.string().trim().min(1).max(100)).max(10)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export type CouponSearchQuery = z.output<typeof CouponSearchQuery>;

/**
 * The language a text was actually served in (issue 11): the caller's, or `ja` when it has
 * no translation there and the Japanese text stands in. Optional in the contract; the API
 * always sends it on coupon cards and details and on spot names.
 */
export const TextLocale = LocaleSchema.optional();

export const SpotRef = z.object({ id: z.number().int(), name: z.string(), textLocale: TextLocale });

/** A coupon as the list shows it: localised texts, first spot, whether it gives gold. */
export const CouponCard = z.object({
  id: z.number().int(),
  title: z.string(),
  discount: z.string(),
  imageUrl: z.string().nullable(),
  area: Area,
  purpose: Purpose,
  genre: z.string().nullable(),
  tags: z.array(z.string()),
  validFrom: JstDate,
  validTo: JstDate,
  /** A lodging coupon gives a gold stamp (10) instead of a red one (1). */
  givesGold: z.boolean(),
  spot: SpotRef.nullable(),
  spotCount: z.number().int(),
  /** The language of title, discount (and the detail's description): see TextLocale. */
  textLocale: TextLocale,
  /**
   * Whether the signed-in visitor keeps it among their favourites (issue 15); absent when the
   * caller is not a signed-in visitor (anonymous answers and the server-rendered first view).
   */
  favorite: z.boolean().optional(),
});
export type CouponCard = z.infer<typeof CouponCard>;

export const CouponList = z.object({ data: z.array(CouponCard), meta: ListMeta });
export type CouponList = z.infer<typeof CouponList>;

/** A spot where a coupon is usable, with its WGS84 position and usable range in metres. */
export const CouponSpot = z.object({
  id: z.number().int(),
  storeCode: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  usableRangeM: z.number().int(),
  /** The language of `name`: see TextLocale. */
  textLocale: TextLocale,
});
export type CouponSpot = z.infer<typeof CouponSpot>;

export const CouponDetail = CouponCard.extend({
  description: z.string(),
  /** The 1200 px picture for the detail page (imageUrl is the 400 px one of the list). */
  imageLargeUrl: z.string().nullable(),
  spots: z.array(CouponSpot),
  /** Whether the signed-in visitor used it this JST day; null when nobody is signed in. */
  usedToday: z.boolean().nullable(),
});
export type CouponDetail = z.infer<typeof CouponDetail>;
export const CouponDetailResponse = z.object({ data: CouponDetail });

/** Query of GET /api/coupons/get/nearby/spot/list (spec 7, 9: default page 1, limit 5). */
export const NearbySpotQuery = Paging.extend({
  limit: z.coerce.number().int().min(1).max(50).default(5),
  lat: Latitude,
  long: Longitude,
  cid: IdText,
  /** Metres; when absent each spot's own usable range applies. */
  range: z.coerce.number().int().min(1).max(50000).optional(),
});
export type NearbySpotQuery = z.output<typeof NearbySpotQuery>;

export const NearbySpot = CouponSpot.extend({
  area: Area,
  purpose: Purpose,
  /** Great-circle distance from the given position, in metres (rounded). */
  distanceM: z.number().int(),
});
export type NearbySpot = z.infer<typeof NearbySpot>;
export const NearbySpotList = z.object({ data: z.array(NearbySpot), meta: ListMeta });

/**
 * Body of PUT /api/coupons/store/list (spec 7): the spot of a printed QR code
 * (`/collect-points-qr/{id}/?code=...`) and the check-in code it carries, if any.
 */
export const StoreCouponsBody = z.object({
  spotId: Id,
  code: z.string().trim().min(1).max(32).optional(),
});
export type StoreCouponsBody = z.infer<typeof StoreCouponsBody>;

/** A shop and its coupons shown today, and whether the QR code's check-in code is its current one. */
export const StoreCoupons = z.object({
  spot: SpotRef.extend({ address: z.string() }),
  /** The code is the spot's current check-in code (false: mistyped, or rotated since it was printed); null without a code. */
  codeValid: z.boolean().nullable(),
  coupons: z.array(CouponCard),
});
export type StoreCoupons = z.infer<typeof StoreCoupons>;
export const StoreCouponsResponse = z.object({ data: StoreCoupons });

/**
 * Body of PUT /api/coupons/qr/{id}: proof that the visitor is at the shop, either where the
 * phone is (`lat`, `long`, optional `accuracy`) or, when the position is refused, the shop's
 * check-in code from the store code entry (`checkInCode`); and when the visitor pressed.
 */
export const MarkUsedBody = z
  .object({
    lat: z.number().min(-90).max(90).optional(),
    long: z.number().min(-180).max(180).optional(),
    /** Reported accuracy radius in metres (Geolocation API `coords.accuracy`). */
    accuracy: z.number().min(0).max(100000).optional(),
    /** The shop's check-in code (shown at the counter or in its QR code), in place of a position. */
    checkInCode: z.string().trim().min(4).max(32).optional(),
    /** When the visitor pressed (ISO 8601); for a queued offline action, up to 24 h ago. */
    usedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((b, ctx) => {
    const position = b.lat !== undefined || b.long !== undefined;
    if (b.checkInCode !== undefined && position)
      ctx.addIssue({ code: 'custom', path: ['checkInCode'], message: 'send a position or a check-in code, not both' });
    if (b.checkInCode === undefined) {
      if (b.lat === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'required (or checkInCode)' });
      if (b.long === undefined) ctx.addIssue({ code: 'custom', path: ['long'], message: 'required (or checkInCode)' });
    }
  });
export type MarkUsedBody = z.infer<typeof MarkUsedBody>;

export const Redemption = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  spotId: z.number().int(),
  spotName: z.string(),
  usedOn: JstDate,
  usedAt: z.string(),
  distanceM: z.number().int(),
});
export type Redemption = z.infer<typeof Redemption>;

export const MarkUsedResult = z.object({ redemption: Redemption, stamp: Stamp.nullable() });
export type MarkUsedResult = z.infer<typeof MarkUsedResult>;
export const MarkUsedResponse = z.object({ data: MarkUsedResult });

/**
 * Body of PUT /api/coupons/set/favorite (spec 7, issue 15): the favourite state to set for a
 * coupon. A PUT sets the state rather than flipping it, so a repeated or replayed request
 * (an offline queue sending twice) changes nothing more: the client toggles by sending the
 * opposite of what it shows.
 */
export const SetFavoriteBody = z.object({ couponId: Id, favorite: z.boolean() });
export type SetFavoriteBody = z.infer<typeof SetFavoriteBody>;

/** The favourite state now stored for the coupon. */
export const FavoriteState = z.object({ couponId: z.number().int(), favorite: z.boolean() });
export type FavoriteState = z.infer<typeof FavoriteState>;
export const SetFavoriteResponse = z.object({ data: FavoriteState });

/** Header carrying the client's idempotency key for 'mark as used'. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = z.string().regex(/^[\w.:-]{8,100}$/, 'expected 8 to 100 letters, digits, . : _ -');
