import { z } from 'zod';
import { Area, Id, IdText, JstDate, ListMeta, Purpose, TranslatedLocale } from './common';

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });
const requiredText = (max: number) => text(max).min(1, { error: 'validation.required' });

/** Texts per locale: ja required, the others optional (empty means "falls back to ja"). */
export const LocalisedTexts = (max: number, jaRequired = true) =>
  z.object({
    ja: jaRequired ? requiredText(max) : text(max).default(''),
    en: text(max).optional(),
    ko: text(max).optional(),
    'zh-cn': text(max).optional(),
    'zh-tw': text(max).optional(),
  });
export type LocalisedTexts = { ja: string; en?: string; ko?: string; 'zh-cn'?: string; 'zh-tw'?: string };

/** Body of POST /api/admincoupons and PUT /api/admincoupons/{id} (spec 7, issue 6). */
export const AdminCouponInput = z
  .object({
    title: LocalisedTexts(300),
    description: LocalisedTexts(4000, false),
    discount: LocalisedTexts(300),
    spotIds: z.array(Id).min(1, { error: 'validation.spotsRequired' }).max(1000),
    area: Area,
    purpose: Purpose,
    genre: z.string().trim().max(100).nullable().default(null),
    tags: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
    validFrom: JstDate,
    validTo: JstDate,
    published: z.boolean(),
    /** LINE points given to a visitor per use (integer points). */
    linePointAmount: z.number().int().min(0).max(100000).default(0),
  })
  .refine((c) => c.validFrom <= c.validTo, { path: ['validTo'], error: 'validation.periodOrder' });
export type AdminCouponInput = z.output<typeof AdminCouponInput>;

export const CouponStatus = z.enum(['published', 'draft', 'scheduled', 'expired']);
export type CouponStatus = z.infer<typeof CouponStatus>;

/** Query of GET /api/admincoupons: search, filter, sort, page. */
export const AdminCouponQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  title: z.string().trim().min(1).max(100).optional(),
  shop: z.string().trim().min(1).max(100).optional(),
  area: Area.optional(),
  purpose: Purpose.optional(),
  tag: z.string().trim().min(1).max(100).optional(),
  status: CouponStatus.optional(),
  /** Only coupons with no text of their own in this language (shown there in Japanese). */
  missing: TranslatedLocale.optional(),
  sort: z.enum(['newest', 'oldest', 'validTo', 'title']).default('newest'),
});
export type AdminCouponQuery = z.output<typeof AdminCouponQuery>;

export const CouponImage = z.object({
  offset: z.number().int(),
  url: z.string(),
  smallUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CouponImage = z.infer<typeof CouponImage>;

/** A coupon in the admin list: ja texts, its state at a glance. */
export const AdminCouponRow = z.object({
  id: z.number().int(),
  title: z.string(),
  discount: z.string(),
  spots: z.array(z.object({ id: z.number().int(), name: z.string(), storeCode: z.string() })),
  area: Area,
  purpose: Purpose,
  genre: z.string().nullable(),
  tags: z.array(z.string()),
  validFrom: JstDate,
  validTo: JstDate,
  published: z.boolean(),
  /** published and valid today; draft (not published); scheduled (starts later); expired. */
  status: CouponStatus,
  imageUrl: z.string().nullable(),
  /** Languages without the coupon's own texts (visitors there read the Japanese ones), in TRANSLATED_LOCALES order. */
  missingLocales: z.array(TranslatedLocale),
  updatedAt: z.string(),
});
export type AdminCouponRow = z.infer<typeof AdminCouponRow>;
export const AdminCouponList = z.object({ data: z.array(AdminCouponRow), meta: ListMeta });

/** The whole coupon for its edit form. */
export const AdminCoupon = z.object({
  id: z.number().int(),
  title: LocalisedTexts(300),
  description: LocalisedTexts(4000, false),
  discount: LocalisedTexts(300),
  spotIds: z.array(z.number().int()),
  spots: z.array(z.object({ id: z.number().int(), name: z.string(), storeCode: z.string() })),
  area: Area,
  purpose: Purpose,
  genre: z.string().nullable(),
  tags: z.array(z.string()),
  validFrom: JstDate,
  validTo: JstDate,
  published: z.boolean(),
  linePointAmount: z.number().int(),
  status: CouponStatus,
  images: z.array(CouponImage),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
export const AdminCouponResponse = z.object({ data: AdminCoupon });

export const TagSuggestions = z.object({ data: z.array(z.object({ tag: z.string(), count: z.number().int() })) });

export const LinePointAmountQuery = z.object({ couponId: IdText });
/**
 * The LINE points a coupon is set to give per use (`amount`, a setting) and its uses so far.
 * No points are sent yet, so there is no "points given" figure until grants are recorded.
 */
export const LinePointAmount = z.object({
  data: z.object({
    couponId: z.number().int(),
    amount: z.number().int(),
    redemptions: z.number().int(),
  }),
});

/** Query of DELETE /api/admincoupons/{id}/images (spec 7): type=couponImage&offsets[]=0&offsets[]=2. */
export const DeleteImagesQuery = z.object({
  type: z.literal('couponImage'),
  offsets: z
    .union([z.coerce.number().int().min(0), z.array(z.coerce.number().int().min(0)).min(1).max(20)])
    .transform((v) => (Array.isArray(v) ? v : [v])),
});

export const CouponImagesResponse = z.object({ data: z.array(CouponImage) });

/** Answer of POST /api/admincoupons/csv/import: coupons created, changed and left alone; `total` rows read. */
export const CouponImportResult = z.object({
  data: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    total: z.number().int(),
  }),
});
export type CouponImportResult = z.infer<typeof CouponImportResult>['data'];
