import { z } from 'zod';

/** Spec 9: the five languages; ja is the default and has no URL prefix. */
export const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';
export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** Spec 3: coupon and spot areas and purposes. */
export const AREAS = ['north', 'center', 'city', 'aso', 'south', 'amakusa'] as const;
export const PURPOSES = ['gourmet', 'spa', 'experience', 'lodging', 'souvenir', 'shopping', 'traffic'] as const;
export const Area = z.enum(AREAS);
export const Purpose = z.enum(PURPOSES);
export type Area = z.infer<typeof Area>;
export type Purpose = z.infer<typeof Purpose>;

/** A JST calendar date `YYYY-MM-DD`. */
export const JstDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** Page and limit of a list; limit is capped so one request stays cheap. */
export const Paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const ListMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export type ListMeta = z.infer<typeof ListMeta>;

/** The error envelope every failing call answers (design: The API contract). */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.unknown()).optional(),
    requestId: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Latitude = z.coerce.number().min(-90).max(90);
export const Longitude = z.coerce.number().min(-180).max(180);
