import type { Knex } from 'knex';
import { AREAS, type Locale } from '../../contracts/common';
import type { Campaign } from '../../contracts/campaigns';
import type { StampedUseList } from '../../contracts/coupon-calls';
import type { RallyState, SpotCount } from '../../contracts/stamps';
import { NotFoundError } from '../../http/errors';
import { campaignById, runningCampaign } from '../campaigns';
import { couponTitles } from '../coupons';
import { spotNames } from '../spots';
import { countStampsByArea, findStampedUses, findStampsOfRedemptions } from './stamps.rally.repo';

/** Where a rally stands on JST day `today` (its period's ends included). */
export function rallyState(c: Pick<Campaign, 'startsOn' | 'endsOn'>, today: string): RallyState {
  if (today < c.startsOn) return 'upcoming';
  return today > c.endsOn ? 'over' : 'running';
}

/**
 * The rally `campaignId`, or when absent the one running on JST day `today` (null if none).
 * @throws NotFoundError CAMPAIGN_NOT_FOUND (404) `campaignId` is no rally
 */
async function rallyOf(db: Knex, q: { campaignId?: number; today: string; locale: Locale }): Promise<Campaign | null> {
  if (q.campaignId === undefined) return runningCampaign(db, q.today, q.locale);
  const campaign = await campaignById(db, q.campaignId, q.locale);
  if (!campaign) throw new NotFoundError('CAMPAIGN_NOT_FOUND');
  return campaign;
}

/**
 * Spec 7 `/stamps/spotcount` (issue 15, the rally page `/campaign/stamp-rally/{id?}/`): rally
 * `campaignId` (default: the one running on JST day `today`) and where it stands that day; for
 * visitor `userId` their red and gold stamps, total points (red 1, gold 10) and, per area of
 * spec 3 (all six, in order), stamps, points and distinct spots stamped, by the area of the
 * spot where the coupon was used.
 * @throws NotFoundError CAMPAIGN_NOT_FOUND (404) `campaignId` is no rally
 */
export async function stampsByArea(
  db: Knex,
  q: { campaignId?: number; userId?: number; today: string; locale: Locale },
): Promise<SpotCount> {
  const campaign = await rallyOf(db, q);
  if (!campaign) return { campaign: null, state: null, mine: null };
  const state = rallyState(campaign, q.today);
  if (q.userId === undefined) return { campaign, state, mine: null };
  const counts = await countStampsByArea(db, q.userId, campaign.id);
  const areas = AREAS.map((area) => ({ area, ...(counts.get(area) ?? { stamps: 0, points: 0, spots: 0 }) }));
  const total = areas.reduce((n, a) => n + a.points, 0);
  const stamps = areas.reduce((n, a) => n + a.stamps, 0);
  // Points = red + 10 * gold and stamps = red + gold, so the two counts follow from the sums.
  const gold = (total - stamps) / 9;
  return { campaign, state, mine: { red: stamps - gold, gold, total, areas } };
}

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
  const campaign = await rallyOf(db, q);
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
