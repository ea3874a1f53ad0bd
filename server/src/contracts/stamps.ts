import { z } from 'zod';
import { Area, IdText } from './common';
import { Campaign } from './campaigns';

/** Spec 3, 9: a red stamp counts 1, a gold stamp (lodging coupon) counts 10. */
export const STAMP_VALUES = { red: 1, gold: 10 } as const;
export const StampKind = z.enum(['red', 'gold']);
export type StampKind = z.infer<typeof StampKind>;

export const Stamp = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  kind: StampKind,
  value: z.number().int(),
  couponId: z.number().int(),
  couponTitle: z.string(),
  spotName: z.string(),
  createdAt: z.string(),
});
export type Stamp = z.infer<typeof Stamp>;

export const StampListQuery = z.object({ campaignId: IdText.optional() });

/** My stamps in one rally, newest first, with totals in stamp points (red 1, gold 10). */
export const StampList = z.object({
  campaign: Campaign.nullable(),
  stamps: z.array(Stamp),
  red: z.number().int(),
  gold: z.number().int(),
  total: z.number().int(),
});
export type StampList = z.infer<typeof StampList>;
export const StampListResponse = z.object({ data: StampList });

/** Query of GET /api/stamps/spotcount: the rally (default: the one running today). */
export const SpotCountQuery = z.object({ campaignId: IdText.optional() });

/** Where a rally stands on today's JST date: not begun, running, or ended. */
export const RallyState = z.enum(['upcoming', 'running', 'over']);
export type RallyState = z.infer<typeof RallyState>;

/** A visitor's stamps in one area (spec 3's six): stamps, their points (red 1, gold 10), distinct spots stamped. */
export const AreaStamps = z.object({
  area: Area,
  stamps: z.number().int(),
  points: z.number().int(),
  spots: z.number().int(),
});
export type AreaStamps = z.infer<typeof AreaStamps>;

/**
 * GET /api/stamps/spotcount (spec 7; issue 15, the rally page): the rally and where it stands
 * today, and for a signed-in visitor (else `mine: null`) their stamps in it: red and gold
 * counts, the total in points, and per area (all six, in spec 3's order, zeros included) the
 * stamps, points and distinct spots, by the area of the spot where each coupon was used.
 * `campaign: null` (and `state: null`) when no rally runs today and none was asked for.
 */
export const SpotCount = z.object({
  campaign: Campaign.nullable(),
  state: RallyState.nullable(),
  mine: z
    .object({
      red: z.number().int(),
      gold: z.number().int(),
      total: z.number().int(),
      areas: z.array(AreaStamps),
    })
    .nullable(),
});
export type SpotCount = z.infer<typeof SpotCount>;
export const SpotCountResponse = z.object({ data: SpotCount });
