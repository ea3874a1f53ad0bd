/**
 * `POST /coupon/detail/check` (spec 7, issue 15): whether a visitor could mark a coupon used
 * now, and why not, without using it. Reads the coupons domain (period, once per day) and the
 * spots domain (where the visitor stands), as 'mark as used' does, and writes nothing.
 */
import type { Knex } from 'knex';
import type { Locale } from '../contracts/common';
import type { CheckReason, DetailCheck, DetailCheckBody } from '../contracts/coupon-calls';
import { couponUseBlockers } from '../domains/coupons';
import { nearestUsableSpot, spotByCheckInCode } from '../domains/spots';
import { MAX_ACCURACY_ALLOWANCE_M } from './mark-coupon-used';

/**
 * Checks coupon `body.couponId` for visitor `userId` on JST day `today` with the rules of
 * `PUT /coupons/qr/{id}`: valid that day (COUPON_NOT_VALID), not used that day
 * (ALREADY_USED_TODAY), and, when a position or check-in code is sent, a usable spot within
 * range (NOT_NEARBY; accuracy widens the range by at most MAX_ACCURACY_ALLOWANCE_M metres) or
 * the code of one of its spots (STORE_CODE_INVALID). Every reason found is listed; `usable` is
 * true only with none and the place checked.
 * @throws NotFoundError COUPON_NOT_FOUND (404) unknown, deleted or unpublished coupon
 */
export async function checkCouponUse(
  db: Knex,
  q: { body: DetailCheckBody; userId: number; today: string; locale: Locale },
): Promise<DetailCheck> {
  const { body } = q;
  const reasons: CheckReason[] = await couponUseBlockers(db, {
    couponId: body.couponId,
    userId: q.userId,
    today: q.today,
  });
  let spot: DetailCheck['spot'] = null;
  let placeChecked = false;
  if (body.checkInCode !== undefined) {
    placeChecked = true;
    const found = await spotByCheckInCode(db, { couponId: body.couponId, code: body.checkInCode, locale: q.locale });
    if (found) spot = { id: found.id, name: found.name, distanceM: 0 };
    else reasons.push('STORE_CODE_INVALID');
  } else if (body.lat !== undefined && body.long !== undefined) {
    placeChecked = true;
    const found = await nearestUsableSpot(db, {
      couponId: body.couponId,
      lat: body.lat,
      lng: body.long,
      allowanceM: Math.min(body.accuracy ?? 0, MAX_ACCURACY_ALLOWANCE_M),
      locale: q.locale,
    });
    if (found) spot = { id: found.id, name: found.name, distanceM: found.distanceM };
    else reasons.push('NOT_NEARBY');
  }
  return { couponId: body.couponId, usable: placeChecked && reasons.length === 0, placeChecked, reasons, spot };
}
