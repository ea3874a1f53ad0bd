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

/**
 * A visitor's stamp points in one rally (red 1, gold 10): `earned` (every stamp, the same as
 * StampList's `total`), `spent` on prizes (the stamp spend ledger), and `left` = earned - spent.
 */
export const StampBalance = z.object({
  earned: z.number().int(),
  spent: z.number().int(),
  left: z.number().int(),
});
export type StampBalance = z.infer<typeof StampBalance>;

export const StampListQuery = z.object({ campaignId: IdText.optional() });

/** My stamps in one rally, newest first, with totals in stamp points (red 1, gold 10). */
export const StampList = z.object({
  campaign: Campaign.nullable(),
  stamps: z.array(Stamp),
  red: z.number().int(),
  gold: z.number().int(),
  total: z.number().int(),
  /** Issue 12: earned, spent on prizes and left, in stamp points. */
  balance: StampBalance,
});
export type StampList = z.infer<typeof StampList>;
export const StampListResponse = z.object({ data: StampList });

/** Query of GET /api/stamps/spotcount: a rally (default: the one running today, JST). */
export const SpotCountQuery = z.object({ campaignId: IdText.optional() });

/** The stamps a visitor earned at one spot in a rally. */
export const SpotStampCount = z.object({
  spotId: z.number().int(),
  spotName: z.string(),
  area: Area,
  red: z.number().int(),
  gold: z.number().int(),
  /** Stamp points (red 1, gold 10). */
  points: z.number().int(),
  /** When the newest of them was earned (UTC instant). */
  lastAt: z.string(),
});
export type SpotStampCount = z.infer<typeof SpotStampCount>;

/** The stamps earned in one area of Kumamoto (spec 3 areas) in a rally. */
export const AreaStampCount = z.object({
  area: Area,
  spots: z.number().int(),
  red: z.number().int(),
  gold: z.number().int(),
  points: z.number().int(),
});
export type AreaStampCount = z.infer<typeof AreaStampCount>;

/**
 * GET /api/stamps/spotcount: the visitor's stamps in a rally counted per spot (most points
 * first) and per area (in spec 3's area order, areas without stamps left out), with the
 * number of distinct spots visited and the balance.
 */
export const SpotCount = z.object({
  campaign: Campaign.nullable(),
  spotsVisited: z.number().int(),
  spots: z.array(SpotStampCount),
  areas: z.array(AreaStampCount),
  balance: StampBalance,
});
export type SpotCount = z.infer<typeof SpotCount>;
export const SpotCountResponse = z.object({ data: SpotCount });
