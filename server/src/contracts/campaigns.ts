import { z } from 'zod';
import { LocalisedTexts } from './admincoupons';
import { JstDate, ListMeta } from './common';

/** A stamp rally with its period in JST dates, both ends included. */
export const Campaign = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  startsOn: JstDate,
  endsOn: JstDate,
});
export type Campaign = z.infer<typeof Campaign>;
export const RunningCampaignResponse = z.object({ data: Campaign.nullable() });

/** A rally with its texts in every locale (for the admin form). */
export const CampaignDetail = Campaign.extend({
  texts: z.object({ name: LocalisedTexts(300), description: LocalisedTexts(4000, false) }),
});
export type CampaignDetail = z.infer<typeof CampaignDetail>;
export const CampaignListResponse = z.object({ data: z.array(CampaignDetail), meta: ListMeta });
export const CampaignResponse = z.object({ data: CampaignDetail });

/**
 * Spec 9 (and design: data rules): a stamp rally runs within one winter, 1 Nov to 31 Jan.
 * The season of a start date `YYYY-MM-DD` (JST) is the one that began on the 1 Nov before it.
 */
export function rallySeasonOf(startsOn: string): { from: string; to: string } {
  const year = Number(startsOn.slice(0, 4));
  const first = Number(startsOn.slice(5, 7)) >= 11 ? year : year - 1;
  return { from: `${first}-11-01`, to: `${first + 1}-01-31` };
}

/**
 * Which date of a rally period leaves its season (spec 9), or null: a start from February to
 * October is the start's fault; otherwise an end past the season's 31 January is the end's.
 */
export function rallySeasonProblem(c: { startsOn: string; endsOn: string }): 'startsOn' | 'endsOn' | null {
  const season = rallySeasonOf(c.startsOn);
  if (c.startsOn < season.from || c.startsOn > season.to) return 'startsOn';
  if (c.endsOn > season.to) return 'endsOn';
  return null;
}

/**
 * Body of POST /api/campaigns and PUT /api/campaigns/{id} (issue 6): the period within one
 * season (spec 9). A season error is reported on the date at fault (`body.startsOn` or
 * `body.endsOn`: validation.rallySeason).
 */
export const CampaignInput = z
  .object({ name: LocalisedTexts(300), description: LocalisedTexts(4000, false), startsOn: JstDate, endsOn: JstDate })
  .refine((c) => c.startsOn <= c.endsOn, { path: ['endsOn'], error: 'validation.periodOrder' })
  .refine((c) => rallySeasonProblem(c) !== 'startsOn', { path: ['startsOn'], error: 'validation.rallySeason' })
  .refine((c) => rallySeasonProblem(c) !== 'endsOn', { path: ['endsOn'], error: 'validation.rallySeason' });
export type CampaignInput = z.output<typeof CampaignInput>;
