import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { Campaign } from '../../contracts/campaigns';
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
