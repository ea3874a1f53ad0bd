import { z } from 'zod';
import { LocalisedTexts } from './admincoupons';
import { JstDate } from './common';

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
export const CampaignListResponse = z.object({ data: z.array(CampaignDetail) });
export const CampaignResponse = z.object({ data: CampaignDetail });

/** Body of POST /api/campaigns and PUT /api/campaigns/{id} (issue 6). */
export const CampaignInput = z
  .object({ name: LocalisedTexts(300), description: LocalisedTexts(4000, false), startsOn: JstDate, endsOn: JstDate })
  .refine((c) => c.startsOn <= c.endsOn, { path: ['endsOn'], error: 'validation.periodOrder' });
export type CampaignInput = z.output<typeof CampaignInput>;
