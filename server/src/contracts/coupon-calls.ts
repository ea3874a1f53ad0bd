import { z } from 'zod';
import { Area, Id, IdText, ListMeta, Purpose } from './common';
import { CouponCard } from './coupons';
import { StampKind } from './stamps';

/**
 * The remaining visitor coupon calls of spec 7 (issue 15). Spec 7 gives only their paths;
 * each definition below is ours, from the call's name and the screens that use it. Days and
 * months are JST (Asia/Tokyo); "shown today" means what GET /coupons/{id} shows: published,
 * not deleted, and valid on today's JST date.
 */

/** Query of GET /api/coupons/has/coupon/active: optional area and purpose narrowing the question. */
export const HasActiveQuery = z.object({ area: Area.optional(), purpose: Purpose.optional() });
export type HasActiveQuery = z.infer<typeof HasActiveQuery>;

/**
 * GET /api/coupons/has/coupon/active: whether any coupon (of the area and purpose asked) is
 * usable today. `count`: coupons shown today; `unusedToday`: of those, how many the signed-in
 * visitor has not used yet this JST day (null when nobody is signed in).
 */
export const HasActive = z.object({
  active: z.boolean(),
  count: z.number().int(),
  unusedToday: z.number().int().nullable(),
});
export type HasActive = z.infer<typeof HasActive>;
export const HasActiveResponse = z.object({ data: HasActive });

/**
 * GET /api/coupons/allnum/ticket: the counts of coupons ("tickets"): coupons shown today in
 * all, per area (all six) and per purpose (all seven), the spots where they are usable; and for
 * a signed-in visitor (else null) their uses ever, their uses this JST day and their favourites.
 */
export const TicketCounts = z.object({
  total: z.number().int(),
  byArea: z.record(Area, z.number().int()),
  byPurpose: z.record(Purpose, z.number().int()),
  spots: z.number().int(),
  mine: z.object({ uses: z.number().int(), usedToday: z.number().int(), favorites: z.number().int() }).nullable(),
});
export type TicketCounts = z.infer<typeof TicketCounts>;
export const TicketCountsResponse = z.object({ data: TicketCounts });

/**
 * GET /api/coupons/get/issue/yearmonth (query: page, limit; default 1 and 10, spec 9): the JST
 * months (`YYYY-MM`) in which coupons were issued to the signed-in visitor, newest first. A
 * coupon is issued to a visitor when they mark it used (the use is the ticket they show the
 * shop), so each month counts the visitor's uses whose JST day pressed falls in it; `meta.total`
 * is the number of months. For a history screen's month picker.
 */
export const IssueMonth = z.object({
  yearMonth: z.string().regex(/^\d{4}-\d{2}$/),
  uses: z.number().int(),
});
export type IssueMonth = z.infer<typeof IssueMonth>;
export const IssueMonthList = z.object({ data: z.array(IssueMonth), meta: ListMeta });
export type IssueMonthList = z.infer<typeof IssueMonthList>;

/**
 * One use of a coupon by the signed-in visitor (GET /api/coupons/get/user/coupon/{id}): the JST
 * day pressed, when (ISO 8601), the spot, the distance in metres from where the phone stood (0
 * with a check-in code), how presence was shown, and the rally stamp it gave, if any.
 */
export const CouponUse = z.object({
  id: z.number().int(),
  usedOn: z.string(),
  usedAt: z.string(),
  spotId: z.number().int(),
  spotName: z.string(),
  distanceM: z.number().int(),
  proof: z.enum(['gps', 'check_in_code']),
  stamp: z.object({ kind: StampKind, value: z.number().int(), campaignId: z.number().int() }).nullable(),
});
export type CouponUse = z.infer<typeof CouponUse>;
export const CouponUseList = z.object({ data: z.array(CouponUse), meta: ListMeta });
export type CouponUseList = z.infer<typeof CouponUseList>;

/** At most this many ids in one POST /api/coupons/find/coupon/list (a screen's worth). */
export const FIND_COUPONS_MAX = 50;

/**
 * Body of POST /api/coupons/find/coupon/list: coupon ids (1 to FIND_COUPONS_MAX; a repeated id
 * counts once), e.g. the favourites or history a phone kept offline, or a coupon named in a link.
 */
export const FindCouponsBody = z.object({ ids: z.array(Id).min(1).max(FIND_COUPONS_MAX) });
export type FindCouponsBody = z.infer<typeof FindCouponsBody>;

/**
 * The coupons among `ids` shown today, as cards in the order asked (with `favorite` for a
 * signed-in visitor), and `missing`: the ids not shown today (unknown, unpublished, deleted or
 * out of their period), so the phone can drop its copies. `meta`: page 1, limit the number of
 * distinct ids, total the cards found.
 */
export const FoundCoupons = z.object({ data: z.array(CouponCard), missing: z.array(z.number().int()), meta: ListMeta });
export type FoundCoupons = z.infer<typeof FoundCoupons>;

/**
 * Body of POST /api/coupons/get/stamp/coupon: which rally (default: the one running today) and
 * the page (default 1, 10 a page as spec 9).
 */
export const StampedUsesBody = z.object({
  campaignId: Id.optional(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(50).default(10),
});
export type StampedUsesBody = z.output<typeof StampedUsesBody>;

/** A coupon use of the visitor that gave a rally stamp: the stamp, the coupon, the spot and its area. */
export const StampedUse = z.object({
  stampId: z.number().int(),
  kind: StampKind,
  value: z.number().int(),
  couponId: z.number().int(),
  couponTitle: z.string(),
  spotId: z.number().int(),
  spotName: z.string(),
  area: Area,
  usedOn: z.string(),
  stampedAt: z.string(),
});
export type StampedUse = z.infer<typeof StampedUse>;
export const StampedUseList = z.object({ data: z.array(StampedUse), meta: ListMeta });
export type StampedUseList = z.infer<typeof StampedUseList>;

/**
 * Body of POST /api/coupon/detail/check: the coupon and, optionally, where the phone is or the
 * shop's check-in code, as `PUT /coupons/qr/{id}` takes them; without either, the place is not
 * checked.
 */
export const DetailCheckBody = z
  .object({
    couponId: Id,
    lat: z.number().min(-90).max(90).optional(),
    long: z.number().min(-180).max(180).optional(),
    /** Reported accuracy radius in metres, as in 'mark as used'. */
    accuracy: z.number().min(0).max(100000).optional(),
    checkInCode: z.string().trim().min(4).max(32).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.checkInCode !== undefined && (b.lat !== undefined || b.long !== undefined))
      ctx.addIssue({ code: 'custom', path: ['checkInCode'], message: 'send a position or a check-in code, not both' });
    if ((b.lat === undefined) !== (b.long === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [b.lat === undefined ? 'lat' : 'long'],
        message: 'send lat and long together',
      });
  });
export type DetailCheckBody = z.infer<typeof DetailCheckBody>;

/** Why a coupon cannot be used now: the error codes 'mark as used' would answer (locales `errors.*`). */
export const CheckReason = z.enum(['COUPON_NOT_VALID', 'ALREADY_USED_TODAY', 'NOT_NEARBY', 'STORE_CODE_INVALID']);
export type CheckReason = z.infer<typeof CheckReason>;

/**
 * Whether the signed-in visitor could mark the coupon used now, and every reason why not,
 * without using it. `placeChecked`: a position or code was sent (else the place is unknown and
 * `usable` is false even with no reason); `spot`: the spot the position or code matched.
 */
export const DetailCheck = z.object({
  couponId: z.number().int(),
  usable: z.boolean(),
  placeChecked: z.boolean(),
  reasons: z.array(CheckReason),
  spot: z.object({ id: z.number().int(), name: z.string(), distanceM: z.number().int() }).nullable(),
});
export type DetailCheck = z.infer<typeof DetailCheck>;
export const DetailCheckResponse = z.object({ data: DetailCheck });

/**
 * Query of GET /api/coupons/get/campaign (spec 7): without `campaignId` the rally running
 * today (JST) or null, as the public layout asks at start; with it, that rally, running or not
 * (issue 15: the rally page `/campaign/stamp-rally/{id}/`), or 404 CAMPAIGN_NOT_FOUND.
 */
export const RallyQuery = z.object({ campaignId: IdText.optional() });
export type RallyQuery = z.output<typeof RallyQuery>;
