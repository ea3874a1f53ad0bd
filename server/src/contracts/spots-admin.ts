import { z } from 'zod';
import { Area, AREAS, Id, IdText, JstDate, ListMeta, Purpose, PURPOSES, TranslatedLocale } from './common';

/**
 * Admin spots (spec 7 "Spots", issue 6): list, detail, create and edit, the printable QR
 * code, the coupon ranking and the CSV files. Messages name locale keys (`validation.*`) so
 * the error handler and the client show them in the caller's language.
 */

const text = (max: number) =>
  z.string({ error: 'validation.required' }).trim().max(max, { error: 'validation.tooLong' });
const requiredText = (max: number) => text(max).min(1, { error: 'validation.required' });
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A store code: what shops and CSV files know a spot by (letters, digits, `.`, `_`, `-`; 64 at most). */
export const StoreCode = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'validation.storeCode' });

/** Spot names per locale: ja required, the others optional (an absent one falls back to ja). */
export const SpotNames = z.object(
  {
    ja: requiredText(300),
    en: optionalText(300),
    ko: optionalText(300),
    'zh-cn': optionalText(300),
    'zh-tw': optionalText(300),
  },
  { error: 'validation.required' },
);
/** Names as stored: ja always, the other locales when given. */
export type SpotNames = { ja: string; en?: string; ko?: string; 'zh-cn'?: string; 'zh-tw'?: string };

/** Usable range of a spot in metres: how close a phone must be to use its coupons. */
export const USABLE_RANGE_MIN_M = 1;
export const USABLE_RANGE_MAX_M = 50_000;
export const DEFAULT_USABLE_RANGE_M = 500;

/**
 * Body of POST /api/storeadmininfos and PUT /api/spots/{id}: the whole spot (a full
 * replacement on update: a name left out is removed and falls back to ja). Latitude and
 * longitude are WGS84 decimal degrees; (0, 0) is refused as a position left unset.
 */
const SpotFields = z.object({
  storeCode: StoreCode,
  names: SpotNames,
  address: requiredText(500),
  latitude: z
    .number({ error: 'validation.latitude' })
    .min(-90, { error: 'validation.latitude' })
    .max(90, { error: 'validation.latitude' }),
  longitude: z
    .number({ error: 'validation.longitude' })
    .min(-180, { error: 'validation.longitude' })
    .max(180, { error: 'validation.longitude' }),
  area: z.enum(AREAS, { error: 'validation.area' }),
  purpose: z.enum(PURPOSES, { error: 'validation.purpose' }),
  genre: text(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  usableRangeM: z
    .number({ error: 'validation.usableRange' })
    .int({ error: 'validation.usableRange' })
    .min(USABLE_RANGE_MIN_M, { error: 'validation.usableRange' })
    .max(USABLE_RANGE_MAX_M, { error: 'validation.usableRange' })
    .default(DEFAULT_USABLE_RANGE_M),
});
const notNullIsland = (s: { latitude: number; longitude: number }) => !(s.latitude === 0 && s.longitude === 0);
export const SpotInput = SpotFields.refine(notNullIsland, { path: ['latitude'], error: 'validation.latitude' });
export type SpotInput = z.output<typeof SpotInput>;

/**
 * Body of POST /api/storeadmininfos: a spot, with `id` to update that spot (admins, or shop
 * staff for their own spots) or without it to create one (admins only).
 */
export const StoreAdminInfoBody = SpotFields.extend({ id: Id.optional() }).refine(notNullIsland, {
  path: ['latitude'],
  error: 'validation.latitude',
});
export type StoreAdminInfoBody = z.output<typeof StoreAdminInfoBody>;

/** Fields only admins may change: they decide where coupons count as used (shop staff keep them as they are). */
export const ADMIN_ONLY_SPOT_FIELDS = ['storeCode', 'latitude', 'longitude', 'usableRangeM'] as const;

/**
 * Query of GET /api/spots: `q` matches a name in any language, the store code or the address;
 * `missing` keeps the spots with no name in that language.
 */
export const SpotAdminQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().min(1).max(100).optional(),
  area: Area.optional(),
  purpose: Purpose.optional(),
  genre: z.string().trim().min(1).max(100).optional(),
  /** Only spots with no name of their own in this language (shown there in Japanese). */
  missing: TranslatedLocale.optional(),
  sort: z.enum(['storeCode', '-storeCode', 'id', '-id', 'updatedAt', '-updatedAt']).default('storeCode'),
});
export type SpotAdminQuery = z.output<typeof SpotAdminQuery>;

/** A spot in the admin list: its name in the x-lang language (ja fallback). */
export const SpotAdminRow = z.object({
  id: z.number().int(),
  storeCode: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  area: Area,
  purpose: Purpose,
  genre: z.string().nullable(),
  usableRangeM: z.number().int(),
  /** Coupons usable at this spot: drafts, scheduled and expired ones too, deleted ones not. */
  couponCount: z.number().int(),
  /** Languages without the spot's own name (visitors there read the Japanese one), in TRANSLATED_LOCALES order. */
  missingLocales: z.array(TranslatedLocale),
  updatedAt: z.string(),
});
export type SpotAdminRow = z.infer<typeof SpotAdminRow>;
export const SpotAdminList = z.object({ data: z.array(SpotAdminRow), meta: ListMeta });

/** The whole spot for its edit form: every name as stored. */
export const SpotAdmin = SpotAdminRow.extend({
  names: z.object({
    ja: z.string(),
    en: z.string().optional(),
    ko: z.string().optional(),
    'zh-cn': z.string().optional(),
    'zh-tw': z.string().optional(),
  }),
  createdAt: z.string(),
});
export type SpotAdmin = z.infer<typeof SpotAdmin>;
export const SpotAdminResponse = z.object({ data: SpotAdmin });

/** Query of GET /api/spots/list (pickers): every visible spot, optionally filtered. */
export const SpotPickerQuery = z.object({
  q: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
export const SpotPickerItem = z.object({ id: z.number().int(), storeCode: z.string(), name: z.string() });
export type SpotPickerItem = z.infer<typeof SpotPickerItem>;
/** `meta.total` counts every match, so a picker knows when `limit` cut the list. */
export const SpotPickerList = z.object({ data: z.array(SpotPickerItem), meta: ListMeta });

/** Query of GET /api/coupons/get/spot/qrcode. */
export const SpotQrQuery = z.object({
  spotId: IdText,
  /** json: `{data}` with a PNG data URL; svg or png: the image itself (for printing). */
  format: z.enum(['json', 'svg', 'png']).default('json'),
  /** Width of the PNG in pixels (json and png). */
  size: z.coerce.number().int().min(128).max(2048).default(512),
});
export type SpotQrQuery = z.output<typeof SpotQrQuery>;

export const SpotQr = z.object({
  spotId: z.number().int(),
  storeCode: z.string(),
  name: z.string(),
  /** The spot's secret check-in code, also typed by hand in the store code entry modal. */
  code: z.string(),
  /** Absolute URL the QR code encodes: `{origin}/collect-points-qr/{spotId}/?code={code}`. */
  url: z.string(),
  /** `data:image/png;base64,...` of the QR code. */
  dataUrl: z.string(),
});
export type SpotQr = z.infer<typeof SpotQr>;
export const SpotQrResponse = z.object({ data: SpotQr });

/** Query of GET /api/admincoupons/get/ranking (staff): a period of JST dates (default the last 30 days). */
export const RankingQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    from: JstDate.optional(),
    to: JstDate.optional(),
    area: Area.optional(),
    purpose: Purpose.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'validation.periodOrder' });
export type RankingQuery = z.output<typeof RankingQuery>;

export const RankingRow = z.object({
  /** 1 for the most used; ties share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
  couponId: z.number().int(),
  title: z.string(),
  area: Area,
  purpose: Purpose,
  published: z.boolean(),
  /** Deleted since: its uses still count. */
  deleted: z.boolean(),
  /** Redemptions in the period (for shop staff: at their spots only). */
  uses: z.number().int(),
  /** Distinct visitors among them. */
  visitors: z.number().int(),
});
export type RankingRow = z.infer<typeof RankingRow>;
export const RankingList = z.object({
  data: z.array(RankingRow),
  meta: ListMeta.extend({ from: JstDate, to: JstDate }),
});

/** One bad row of an imported CSV file: `row` is the line number as a spreadsheet shows it (header = 1). */
export const CsvRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  code: z.string(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof CsvRowError>;

export const SpotImportResult = z.object({
  data: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    total: z.number().int(),
  }),
});
export type SpotImportResult = z.infer<typeof SpotImportResult>['data'];

/**
 * Columns of the spot CSV files, in order: the export writes them, the template names them
 * and the import reads them (keyed by store_code: a known code updates that spot, a new one
 * creates a spot). A row replaces the spot's values; an optional column left out of the
 * file keeps the stored values, an empty optional cell clears the value (names then fall
 * back to ja).
 */
export const SPOT_CSV_COLUMNS = [
  { name: 'store_code', required: true, description: 'Store code, unique (letters, digits, . _ -; 64 at most)' },
  { name: 'name_ja', required: true, description: 'Name in Japanese' },
  { name: 'name_en', required: false, description: 'Name in English (empty: Japanese is shown)' },
  { name: 'name_ko', required: false, description: 'Name in Korean' },
  { name: 'name_zh_cn', required: false, description: 'Name in Simplified Chinese' },
  { name: 'name_zh_tw', required: false, description: 'Name in Traditional Chinese' },
  { name: 'address', required: true, description: 'Address' },
  { name: 'latitude', required: true, description: 'Latitude, WGS84 decimal degrees (-90..90)' },
  { name: 'longitude', required: true, description: 'Longitude, WGS84 decimal degrees (-180..180)' },
  { name: 'area', required: true, description: 'north, center, city, aso, south or amakusa' },
  { name: 'purpose', required: true, description: 'gourmet, spa, experience, lodging, souvenir, shopping or traffic' },
  { name: 'genre', required: false, description: 'Genre, free text (100 at most)' },
  {
    name: 'usable_range_m',
    required: false,
    description:
      'Usable range in metres, a whole number 1..50000 (empty: 500 for a new spot, unchanged for a known one)',
  },
] as const;
export type SpotCsvColumn = (typeof SPOT_CSV_COLUMNS)[number]['name'];

/**
 * Columns of the coupon CSV export: ja texts, the store codes of its spots and its tags
 * (each list separated by `|`), validity (JST dates) and whether it is published.
 */
export const COUPON_CSV_COLUMNS = [
  'id',
  'title_ja',
  'description_ja',
  'discount_ja',
  'store_codes',
  'area',
  'purpose',
  'genre',
  'tags',
  'valid_from',
  'valid_to',
  'published',
] as const;
export type CouponCsvColumn = (typeof COUPON_CSV_COLUMNS)[number];

/**
 * What each coupon CSV column holds and whether the import needs it (`POST
 * /api/admincoupons/csv/import`, the template documents it). A row with an `id` updates
 * that coupon (its ja texts; other languages are kept), a row without one creates a coupon.
 * An optional column left out of the file keeps each known coupon's stored values.
 */
export const COUPON_CSV_COLUMN_RULES: ReadonlyArray<{ name: CouponCsvColumn; required: boolean; description: string }> =
  [
    {
      name: 'id',
      required: false,
      description: 'Coupon id: empty for a new coupon, the id of an existing coupon to update it',
    },
    { name: 'title_ja', required: true, description: 'Title in Japanese (300 at most)' },
    {
      name: 'description_ja',
      required: false,
      description: 'Description in Japanese (4000 at most, line breaks allowed)',
    },
    { name: 'discount_ja', required: true, description: 'Discount text in Japanese (300 at most)' },
    {
      name: 'store_codes',
      required: true,
      description: 'Store codes of the spots where it is usable, separated by | (at least one)',
    },
    { name: 'area', required: true, description: 'north, center, city, aso, south or amakusa' },
    {
      name: 'purpose',
      required: true,
      description: 'gourmet, spa, experience, lodging, souvenir, shopping or traffic',
    },
    { name: 'genre', required: false, description: 'Genre, free text (100 at most)' },
    { name: 'tags', required: false, description: 'Tags separated by | (20 at most, 100 characters each)' },
    {
      name: 'valid_from',
      required: true,
      description: 'First day of validity, JST date YYYY-MM-DD (YYYY/M/D is read too)',
    },
    {
      name: 'valid_to',
      required: true,
      description: 'Last day of validity, JST date YYYY-MM-DD, not before valid_from',
    },
    { name: 'published', required: true, description: 'true (visitors see it while valid) or false (draft)' },
  ];

/** Separator of several values in one CSV cell (store codes, tags). */
export const CSV_LIST_SEPARATOR = '|';
