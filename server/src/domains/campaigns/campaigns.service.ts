import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { Campaign } from '../../contracts/campaigns';
import { NotFoundError } from '../../http/errors';
import { findById, findRunningOn } from './campaigns.repo';

/**
 * Spec 7 `/coupons/get/campaign`: the stamp rally running on a JST day (`YYYY-MM-DD`),
 * or null when none runs.
 */
export async function runningCampaign(db: Knex, day: string, locale: Locale): Promise<Campaign | null> {
  return (await findRunningOn(db, day, locale)) ?? null;
}

/** A rally by id, or null. */
export async function campaignById(db: Knex, id: number, locale: Locale): Promise<Campaign | null> {
  return (await findById(db, id, locale)) ?? null;
}

/**
 * Spec 7 `/coupons/get/campaign` with its optional `campaignId` (issue 15): that rally, or
 * without an id the one running on JST day `day` (null when none runs).
 * @throws NotFoundError CAMPAIGN_NOT_FOUND (404) `campaignId` is no rally
 */
export async function rallyOrRunning(
  db: Knex,
  campaignId: number | undefined,
  day: string,
  locale: Locale,
): Promise<Campaign | null> {
  if (campaignId === undefined) return runningCampaign(db, day, locale);
  const campaign = await campaignById(db, campaignId, locale);
  if (!campaign) throw new NotFoundError('CAMPAIGN_NOT_FOUND');
  return campaign;
}
