import type { Knex } from 'knex';
import { AREAS, PURPOSES, type Area, type Locale, type Purpose } from '../../contracts/common';
import type {
  FoundCoupons,
  HasActive,
  HasActiveQuery,
  IssueMonthList,
  TicketCounts,
} from '../../contracts/coupon-calls';
import { NotFoundError } from '../../http/errors';
import { spotsOfCoupons } from '../spots';
import {
  countMine,
  countShown,
  countShownBy,
  countUsedAmongShown,
  findUseMonths,
  findUsesOfCoupon,
  shownIdsAmong,
  type UseRow,
} from './coupons.calls.repo';
import { findCoupon, hasRedemptionOn } from './coupons.repo';
import { couponRowExists, favoriteIdsAmong } from './coupons.favorites.repo';
import { toCard } from './coupons.service';

/**
 * Spec 7 `GET /coupons/has/coupon/active` (issue 15): whether any coupon of `q.area` and
 * `q.purpose` (both optional) is shown on JST day `today`, how many, and for visitor `userId`
 * how many of them they have not used that day (null without a visitor).
 */
export async function hasActiveCoupon(
  db: Knex,
  q: HasActiveQuery & { today: string; userId?: number },
): Promise<HasActive> {
  const filters = { area: q.area, purpose: q.purpose };
  const [count, used] = await Promise.all([
    countShown(db, q.today, filters),
    q.userId === undefined ? undefined : countUsedAmongShown(db, q.userId, q.today, filters),
  ]);
  return { active: count > 0, count, unusedToday: used === undefined ? null : count - used };
}

/**
 * Spec 7 `GET /coupons/allnum/ticket` (issue 15): coupons shown on JST day `today` in all, per
 * area (all six, zeros included) and per purpose (all seven), the distinct spots where they are
 * usable, and for visitor `userId` (else null) their uses ever, uses that JST day and favourites.
 */
export async function ticketCounts(db: Knex, q: { today: string; userId?: number }): Promise<TicketCounts> {
  const [by, mine] = await Promise.all([
    countShownBy(db, q.today),
    q.userId === undefined ? null : countMine(db, q.userId, q.today),
  ]);
  const byArea = Object.fromEntries(AREAS.map((a) => [a, by.byArea.get(a) ?? 0])) as Record<Area, number>;
  const byPurpose = Object.fromEntries(PURPOSES.map((p) => [p, by.byPurpose.get(p) ?? 0])) as Record<Purpose, number>;
  return {
    total: Object.values(byArea).reduce((n, v) => n + v, 0),
    byArea,
    byPurpose,
    spots: by.spots,
    mine,
  };
}

/**
 * Spec 7 `GET /coupons/get/issue/yearmonth` (issue 15): the JST months (`YYYY-MM`) in which
 * visitor `userId` was issued coupons (marked them used, by the JST day pressed), newest first,
 * with the uses in each; `meta.total` counts months.
 */
export async function issueMonths(
  db: Knex,
  q: { userId: number; page: number; limit: number },
): Promise<IssueMonthList> {
  const { rows, total } = await findUseMonths(db, q.userId, q);
  return { data: rows, meta: { page: q.page, limit: q.limit, total } };
}

/**
 * Visitor `userId`'s uses of coupon `couponId`, newest first, one page (for
 * `GET /coupons/get/user/coupon/{id}`, which adds spot names and stamps). A coupon unpublished,
 * expired or deleted since still has its history.
 * @throws NotFoundError COUPON_NOT_FOUND (404) no coupon with that id was ever stored
 */
export async function usesOfCoupon(
  db: Knex,
  q: { userId: number; couponId: number; page: number; limit: number },
): Promise<{ rows: UseRow[]; total: number }> {
  if (!(await couponRowExists(db, q.couponId))) throw new NotFoundError('COUPON_NOT_FOUND');
  return findUsesOfCoupon(db, q.userId, q.couponId, q);
}

/**
 * Spec 7 `POST /coupons/find/coupon/list` (issue 15): the coupons among `ids` shown on JST day
 * `today`, as list cards in the order asked (a repeated id once), with `favorite` for visitor
 * `userId`; `missing` lists the ids not shown today, so a phone can drop what it kept offline.
 */
export async function findCoupons(
  db: Knex,
  q: { ids: number[]; today: string; locale: Locale; userId?: number },
): Promise<FoundCoupons> {
  const ids = [...new Set(q.ids)];
  const shown = await shownIdsAmong(db, ids, q.today);
  const found = ids.filter((id) => shown.has(id));
  const [rows, spots, favorites] = await Promise.all([
    Promise.all(found.map((id) => findCoupon(db, id, q.locale))),
    spotsOfCoupons(db, found, q.locale),
    q.userId === undefined ? undefined : favoriteIdsAmong(db, q.userId, found),
  ]);
  const data = rows
    .filter((c): c is NonNullable<typeof c> => c !== undefined)
    .map((c) => ({
      ...toCard(c, spots.get(c.id) ?? []),
      ...(favorites ? { favorite: favorites.has(c.id) } : {}),
    }));
  return {
    data,
    missing: ids.filter((id) => !shown.has(id)),
    meta: { page: 1, limit: ids.length, total: data.length },
  };
}

/**
 * What stops visitor `userId` from using coupon `couponId` on JST day `today`, apart from where
 * they stand (for `POST /coupon/detail/check`, which adds the place): out of its period
 * (COUPON_NOT_VALID), used already that day, pressed or received (ALREADY_USED_TODAY). Reads only.
 * @throws NotFoundError COUPON_NOT_FOUND (404) unknown, deleted or unpublished coupon
 */
export async function couponUseBlockers(
  db: Knex,
  q: { couponId: number; userId: number; today: string },
): Promise<Array<'COUPON_NOT_VALID' | 'ALREADY_USED_TODAY'>> {
  const coupon = await findCoupon(db, q.couponId, 'ja');
  if (!coupon || !coupon.published) throw new NotFoundError('COUPON_NOT_FOUND');
  const reasons: Array<'COUPON_NOT_VALID' | 'ALREADY_USED_TODAY'> = [];
  if (!(coupon.validFrom <= q.today && q.today <= coupon.validTo)) reasons.push('COUPON_NOT_VALID');
  if (await hasRedemptionOn(db, q.userId, coupon.id, { usedOn: q.today, receivedOn: q.today }))
    reasons.push('ALREADY_USED_TODAY');
  return reasons;
}
