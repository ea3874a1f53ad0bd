import type { Knex } from 'knex';
import { AREAS, type Locale } from '../../contracts/common';
import {
  STAMP_VALUES,
  type AreaStampCount,
  type SpotCount,
  type Stamp,
  type StampBalance,
  type StampKind,
  type StampList,
} from '../../contracts/stamps';
import { NotFoundError } from '../../http/errors';
import { campaignById, runningCampaign } from '../campaigns';
import { couponTitles } from '../coupons';
import { spotNames } from '../spots';
import { countStampsBySpot, findStampsOfUser, insertSpend, insertStamp, sumBalance } from './stamps.repo';

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
  if (!campaign) return { campaign: null, stamps: [], red: 0, gold: 0, total: 0, balance: NO_BALANCE };
  const [rows, balance] = await Promise.all([
    findStampsOfUser(db, q.userId, campaign.id),
    stampBalance(db, q.userId, campaign.id),
  ]);
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
  return { campaign, stamps, red, gold, total: stamps.reduce((sum, s) => sum + s.value, 0), balance };
}

const NO_BALANCE: StampBalance = { earned: 0, spent: 0, left: 0 };

/**
 * Issue 12: a visitor's stamp points in rally `campaignId` (red 1, gold 10): earned (every
 * stamp), spent (the stamp spend ledger) and left = earned - spent. Inside a transaction that
 * holds the visitor's lock (see users' lockVisitor) the answer cannot change before commit.
 */
export async function stampBalance(db: Knex, userId: number, campaignId: number): Promise<StampBalance> {
  const { earned, spent } = await sumBalance(db, userId, campaignId);
  return { earned, spent, left: earned - spent };
}

/**
 * Issue 12: spends `value` stamp points of rally `campaignId` for prize application
 * `applicationId`, appending to the ledger (the stamps themselves stay as earned). The
 * caller checks the balance first, in the same transaction, under the visitor's lock.
 */
export async function spendStamps(
  trx: Knex,
  s: { userId: number; campaignId: number; applicationId: number; value: number; now: Date },
): Promise<void> {
  await insertSpend(trx, s);
}

/**
 * Spec 7 `/stamps/spotcount` (issue 12): the visitor's stamps in rally `campaignId` (default:
 * the rally running on JST day `today`) counted per spot, most points first, with the spot's
 * name in `locale` (ja fallback), and per area in spec 3's order (north, center, city, aso,
 * south, amakusa; areas without stamps left out); `spotsVisited` is the number of distinct
 * spots; points are stamp points (red 1, gold 10). With no rally running (and none asked
 * for) it answers empty counts and `campaign: null`.
 * @throws NotFoundError CAMPAIGN_NOT_FOUND (404) when `campaignId` is no rally
 */
export async function listSpotCounts(
  db: Knex,
  q: { userId: number; campaignId?: number; today: string; locale: Locale },
): Promise<SpotCount> {
  const campaign = q.campaignId
    ? await campaignById(db, q.campaignId, q.locale)
    : await runningCampaign(db, q.today, q.locale);
  if (!campaign && q.campaignId) throw new NotFoundError('CAMPAIGN_NOT_FOUND');
  if (!campaign) return { campaign: null, spotsVisited: 0, spots: [], areas: [], balance: NO_BALANCE };
  const [rows, balance] = await Promise.all([
    countStampsBySpot(db, q.userId, campaign.id),
    stampBalance(db, q.userId, campaign.id),
  ]);
  const names = await spotNames(
    db,
    rows.map((r) => r.spotId),
    q.locale,
  );
  const areas: AreaStampCount[] = AREAS.map((area) => {
    const own = rows.filter((r) => r.area === area);
    return {
      area,
      spots: own.length,
      red: own.reduce((n, r) => n + r.red, 0),
      gold: own.reduce((n, r) => n + r.gold, 0),
      points: own.reduce((n, r) => n + r.points, 0),
    };
  }).filter((a) => a.spots > 0);
  return {
    campaign,
    spotsVisited: rows.length,
    spots: rows.map((r) => ({ ...r, spotName: names.get(r.spotId) ?? '' })),
    areas,
    balance,
  };
}
