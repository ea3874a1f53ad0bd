import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { StampedUseList } from '../../contracts/coupon-calls';
import { rallyOrRunning } from '../campaigns';
import { couponTitles } from '../coupons';
import { spotNames } from '../spots';
import { findStampedUses, findStampsOfRedemptions } from './stamps.rally.repo';

/**
 * Spec 7 `POST /coupons/get/stamp/coupon` (issue 15): visitor `userId`'s coupon uses that gave
 * a stamp in rally `campaignId` (default: the one running on JST day `today`; none running and
 * none asked: an empty list), newest stamp first, with the coupon's title, the spot's name and
 * area; one page (default 10, spec 9).
 * @throws NotFoundError CAMPAIGN_NOT_FOUND (404) `campaignId` is no rally
 */
export async function stampedUses(
  db: Knex,
  q: { campaignId?: number; userId: number; today: string; locale: Locale; page: number; limit: number },
): Promise<StampedUseList> {
  const campaign = await rallyOrRunning(db, q.campaignId, q.today, q.locale);
  const meta = { page: q.page, limit: q.limit };
  if (!campaign) return { data: [], meta: { ...meta, total: 0 } };
  const { rows, total } = await findStampedUses(db, q.userId, campaign.id, q);
  const [titles, names] = await Promise.all([
    couponTitles(
      db,
      rows.map((r) => r.couponId),
      q.locale,
    ),
    spotNames(
      db,
      rows.map((r) => r.spotId),
      q.locale,
    ),
  ]);
  return {
    data: rows.map((r) => ({
      ...r,
      couponTitle: titles.get(r.couponId) ?? '',
      spotName: names.get(r.spotId) ?? '',
    })),
    meta: { ...meta, total },
  };
}

/** The rally stamps given for some coupon uses (redemption ids), keyed by redemption id. */
export async function stampsOfUses(
  db: Knex,
  redemptionIds: number[],
): Promise<Map<number, { kind: 'red' | 'gold'; value: number; campaignId: number }>> {
  return findStampsOfRedemptions(db, redemptionIds);
}
