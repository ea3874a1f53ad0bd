import { z } from 'zod';
import { IdText } from './common';
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
