import { z } from 'zod';

/** Spec 9: the five languages; ja is the default and has no URL prefix. */
export const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';
/** The languages besides ja: a text not written in one of them is shown there in Japanese. */
export const TRANSLATED_LOCALES = ['en', 'ko', 'zh-cn', 'zh-tw'] as const;
export const TranslatedLocale = z.enum(TRANSLATED_LOCALES);
export type TranslatedLocale = z.infer<typeof TranslatedLocale>;
/** A locale as a schema (e.g. the language a text was served in). */
export const LocaleSchema = z.enum(LOCALES);
export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** Spec 3: coupon and spot areas and purposes. */
export const AREAS = ['north', 'center', 'city', 'aso', 'south', 'amakusa'] as const;
export const PURPOSES = ['gourmet', 'spa', 'experience', 'lodging', 'souvenir', 'shopping', 'traffic'] as const;
export const Area = z.enum(AREAS);
export const Purpose = z.enum(PURPOSES);
export type Area = z.infer<typeof Area>;
export type Purpose = z.infer<typeof Purpose>;

/** A JST calendar date `YYYY-MM-DD` that exists (2026-02-31 and 2026-13-01 do not). */
export const JstDate = z.iso.date({ error: 'validation.date' });

/** The largest id a table's key holds (PostgreSQL `integer`): larger ids are refused as bad input, not looked up. */
export const MAX_ID = 2_147_483_647;
/** A record id in a JSON body: a whole number 1..MAX_ID. */
export const Id = z.number().int().min(1).max(MAX_ID);
/** Text of a query string read as a number; an empty or blank one stays missing (not 0). */
const numberFromText = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v);

/**
 * A record id in a path or query string (text read as a number): a whole number 1..MAX_ID.
 * Missing (or empty) is `validation.required`, anything else wrong `validation.id`, never "NaN".
 */
export const IdText = z.preprocess(
  numberFromText,
  z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.id') })
    .int({ error: 'validation.id' })
    .min(1, { error: 'validation.id' })
    .max(MAX_ID, { error: 'validation.id' }),
);

export const IdParam = z.object({ id: IdText });

/** Page and limit of a list; limit is capped so one request stays cheap. */
export const Paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const ListMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export type ListMeta = z.infer<typeof ListMeta>;

/** A list answered whole, in one page (design: lists carry `meta`): page 1, every item. */
export function wholeList<T>(data: T[]): { data: T[]; meta: ListMeta } {
  return { data, meta: { page: 1, limit: data.length, total: data.length } };
}

/** A CSV download's text (spec 7: Excel opens it): UTF-8 with a byte order mark, CRLF lines. */
export const CsvText = z.string().startsWith('\uFEFF').describe('text/csv; UTF-8 with a byte order mark');

/** The id of a record just saved or deleted. */
export const SavedIdResponse = z.object({ data: z.object({ id: Id }) });

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

/** WGS84 degrees, from a JSON number or query text; `lat=` (empty) is missing, not the equator. */
const degrees = (min: number, max: number, key: 'validation.latitude' | 'validation.longitude') =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : key) })
      .min(min, { error: key })
      .max(max, { error: key }),
  );
export const Latitude = degrees(-90, 90, 'validation.latitude');
export const Longitude = degrees(-180, 180, 'validation.longitude');
