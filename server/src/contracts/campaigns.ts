import { z } from 'zod';
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
