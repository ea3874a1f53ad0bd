import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import { STAMP_VALUES, type Stamp, type StampKind, type StampList } from '../../contracts/stamps';
import { NotFoundError } from '../../http/errors';
import { campaignById, runningCampaign } from '../campaigns';
import { couponTitles } from '../coupons';
import { spotNames } from '../spots';
import { findStampsOfUser, insertStamp } from './stamps.repo';

/**
 * Gives the stamp of a redemption inside its transaction: red (1), or gold (10) for a
 * lodging coupon (spec 1, 9). At most one stamp per redemption (unique index).
 */
export async function awardStamp(
  trx: Knex,
  a: {
    userId: number;
    campaignId: number;
    redemptionId: number;
    gold: boolean;
    couponId: number;
    couponTitle: string;
    spotName: string;
    now: Date;
  },
): Promise<Stamp> {
  const kind: StampKind = a.gold ? 'gold' : 'red';
  const value = STAMP_VALUES[kind];
  const id = await insertStamp(trx, {
    userId: a.userId,
    campaignId: a.campaignId,
    redemptionId: a.redemptionId,
    kind,
    value,
    now: a.now,
  });
  return {
    id,
    campaignId: a.campaignId,
    kind,
    value,
    couponId: a.couponId,
    couponTitle: a.couponTitle,
    spotName: a.spotName,
    createdAt: a.now.toISOString(),
  };
}

/**
 * Spec 7 `/stamps/get/list`: the visitor's stamps in rally `campaignId` (default: the rally
 * running on JST day `today`), with red and gold counts and the total in stamp points.
 * With no rally running today (and none asked for) it answers an empty list with
 * `campaign: null`.
 * @throws NotFoundError CAMPAIGN_NOT_FOUND (404) when `campaignId` is no rally
 */
export async function listMyStamps(
  db: Knex,
  q: { userId: number; campaignId?: number; today: string; locale: Locale },
): Promise<StampList> {
  const campaign = q.campaignId
    ? await campaignById(db, q.campaignId, q.locale)
    : await runningCampaign(db, q.today, q.locale);
  if (!campaign && q.campaignId) throw new NotFoundError('CAMPAIGN_NOT_FOUND');
  if (!campaign) return { campaign: null, stamps: [], red: 0, gold: 0, total: 0 };
  const rows = await findStampsOfUser(db, q.userId, campaign.id);
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
  const stamps: Stamp[] = rows.map(({ spotId, ...r }) => ({
    ...r,
    couponTitle: titles.get(r.couponId) ?? '',
    spotName: names.get(spotId) ?? '',
  }));
  const red = stamps.filter((s) => s.kind === 'red').length;
  const gold = stamps.filter((s) => s.kind === 'gold').length;
  return { campaign, stamps, red, gold, total: stamps.reduce((sum, s) => sum + s.value, 0) };
}
