/**
 * The 'mark as used' use case (spec 4, 7 `PUT /coupons/qr/{id}`): one transaction across the
 * coupons (the use), spots (where the visitor stands), campaigns and stamps (the rally's
 * stamp), users (the account's age) and idempotency (the stored answer) domains.
 */
import type { Knex } from 'knex';
import type { Locale } from '../contracts/common';
import type { MarkUsedBody, MarkUsedResult } from '../contracts/coupons';
import { isUniqueViolation, jstDate } from '../db/dialect';
import { BusinessRuleError, ConflictError } from '../http/errors';
import { runningCampaign } from '../domains/campaigns';
import { couponToUse, recordRedemption } from '../domains/coupons';
import { remember, replayOf, requestHash } from '../domains/idempotency';
import { nearestUsableSpot, spotByCheckInCode, type SpotRow } from '../domains/spots';
import { awardStamp } from '../domains/stamps';
import { visitorSince } from '../domains/users';

/**
 * Reported GPS accuracy widens a spot's usable range by at most this many metres: a phone
 * that says "I am within 60 m of here" is accepted if that circle touches the range, but a
 * vague fix (say 3 km from cell towers) cannot unlock shops it is not at.
 */
export const MAX_ACCURACY_ALLOWANCE_M = 100;
/** A queued offline 'mark as used' may be replayed up to 24 hours after it was pressed. */
export const MAX_USED_AT_AGE_MS = 24 * 60 * 60 * 1000;
/** Phones' clocks drift: `usedAt` may be this far in the future, or before the account was created. */
export const MAX_USED_AT_SKEW_MS = 5 * 60 * 1000;

/**
 * The coupon's spot the visitor proves to stand at: the nearest whose usable range (widened by
 * the reported accuracy, at most MAX_ACCURACY_ALLOWANCE_M) covers the position, or the one
 * whose check-in code was typed in.
 * @throws BusinessRuleError NOT_NEARBY, STORE_CODE_INVALID (422)
 */
async function presentSpot(
  trx: Knex,
  couponId: number,
  body: MarkUsedBody,
  locale: Locale,
): Promise<SpotRow & { distanceM: number }> {
  if (body.checkInCode !== undefined) {
    const spot = await spotByCheckInCode(trx, { couponId, code: body.checkInCode, locale });
    if (!spot) throw new BusinessRuleError('STORE_CODE_INVALID');
    return { ...spot, distanceM: 0 };
  }
  const spot = await nearestUsableSpot(trx, {
    couponId,
    lat: body.lat!,
    lng: body.long!,
    allowanceM: Math.min(body.accuracy ?? 0, MAX_ACCURACY_ALLOWANCE_M),
    locale,
  });
  if (!spot) throw new BusinessRuleError('NOT_NEARBY');
  return spot;
}

/**
 * Spec 4, 7 `PUT /coupons/qr/{id}`: marks a coupon used by the visitor where the phone is.
 *
 * The JST day and the rally are those of `usedAt` (default now), which may be up to 24 h
 * old (a queued offline press), 5 min ahead, and not before the visitor's account was
 * created (5 min drift allowed). The phone must be within a coupon spot's usable range
 * (metres), widened by the reported accuracy up to MAX_ACCURACY_ALLOWANCE_M, or the body
 * carries that spot's check-in code (store code entry).
 *
 * Once per day (spec 9) holds for both days of a use: a visitor has at most one redemption
 * of a coupon per JST day pressed (`usedAt`) AND per JST day the server received it (`now`),
 * each a unique index. So a press queued offline before midnight and sent after it counts
 * for the day pressed (its rally and stamp too) and also uses up the day received: a second
 * use that day answers 409. A backdated `usedAt` therefore never buys a second use.
 *
 * In one transaction it stores the redemption, the stamp when a rally runs on the day
 * pressed (red 1, gold 10 for lodging), and the answer under the idempotency key, so the
 * same key with the same body answers the first answer again, changing nothing.
 *
 * @returns HTTP status and body to answer (200 `{data: {redemption, stamp}}`)
 * @throws NotFoundError COUPON_NOT_FOUND (404) unknown or unpublished coupon
 * @throws BusinessRuleError COUPON_NOT_VALID (422) outside its validity period that day
 * @throws BusinessRuleError USED_AT_OUT_OF_RANGE (422) usedAt older than 24 h, in the future or before the account
 * @throws ConflictError ALREADY_USED_TODAY (409) used already on the JST day pressed or the JST day received
 * @throws UnauthorizedError INVALID_TOKEN (401) the visitor no longer exists (only checked with usedAt)
 * @throws BusinessRuleError NOT_NEARBY (422) no usable spot within range
 * @throws BusinessRuleError STORE_CODE_INVALID (422) the check-in code is none of the coupon's spots'
 * @throws BusinessRuleError IDEMPOTENCY_KEY_REUSED (422) the key came with another request
 */
export async function markCouponUsed(
  db: Knex,
  cmd: { couponId: number; userId: number; body: MarkUsedBody; idempotencyKey: string; now: Date; locale: Locale },
): Promise<{ status: number; body: unknown }> {
  const hash = requestHash({ couponId: cmd.couponId, ...cmd.body });
  const prior = await replayOf(db, cmd.userId, cmd.idempotencyKey, hash);
  if (prior) return { status: prior.status, body: prior.body };

  const usedAt = cmd.body.usedAt ? new Date(cmd.body.usedAt) : cmd.now;
  const age = cmd.now.getTime() - usedAt.getTime();
  if (age > MAX_USED_AT_AGE_MS || age < -MAX_USED_AT_SKEW_MS) throw new BusinessRuleError('USED_AT_OUT_OF_RANGE');
  if (cmd.body.usedAt && usedAt.getTime() < (await visitorSince(db, cmd.userId)).getTime() - MAX_USED_AT_SKEW_MS) {
    throw new BusinessRuleError('USED_AT_OUT_OF_RANGE');
  }
  const day = jstDate(usedAt);
  const receivedOn = jstDate(cmd.now);

  try {
    return await db.transaction(async (trx) => {
      const coupon = await couponToUse(trx, {
        couponId: cmd.couponId,
        userId: cmd.userId,
        usedOn: day,
        receivedOn,
        locale: cmd.locale,
      });
      const spot = await presentSpot(trx, coupon.id, cmd.body, cmd.locale);
      const redemption = await recordRedemption(trx, {
        userId: cmd.userId,
        couponId: coupon.id,
        spotId: spot.id,
        usedOn: day,
        receivedOn,
        usedAt,
        latitude: cmd.body.lat ?? spot.latitude,
        longitude: cmd.body.long ?? spot.longitude,
        accuracyM: cmd.body.checkInCode === undefined ? (cmd.body.accuracy ?? null) : null,
        proof: cmd.body.checkInCode === undefined ? 'gps' : 'check_in_code',
        distanceM: spot.distanceM,
        idempotencyKey: cmd.idempotencyKey,
        now: cmd.now,
      });
      const campaign = await runningCampaign(trx, day, cmd.locale);
      const stamp = campaign
        ? await awardStamp(trx, {
            userId: cmd.userId,
            campaignId: campaign.id,
            redemptionId: redemption.id,
            gold: coupon.purpose === 'lodging',
            couponId: coupon.id,
            couponTitle: coupon.title,
            spotName: spot.name,
            now: cmd.now,
          })
        : null;
      const result: MarkUsedResult = {
        redemption: {
          id: redemption.id,
          couponId: coupon.id,
          spotId: spot.id,
          spotName: spot.name,
          usedOn: day,
          usedAt: redemption.usedAt,
          distanceM: spot.distanceM,
        },
        stamp,
      };
      const answer = { status: 200, body: { data: result } };
      await remember(trx, {
        userId: cmd.userId,
        key: cmd.idempotencyKey,
        scope: 'coupon.qr',
        requestHash: hash,
        ...answer,
        now: cmd.now,
      });
      return answer;
    });
  } catch (err) {
    // Either once-per-day index (day pressed, day received) or a parallel request's key.
    const conflict = isUniqueViolation(err) || (err instanceof ConflictError && err.code === 'ALREADY_USED_TODAY');
    if (!conflict) throw err;
    // A parallel request may have won the race with this very key: then answer what it stored.
    const winner = await replayOf(db, cmd.userId, cmd.idempotencyKey, hash);
    if (winner) return { status: winner.status, body: winner.body };
    throw new ConflictError('ALREADY_USED_TODAY');
  }
}
