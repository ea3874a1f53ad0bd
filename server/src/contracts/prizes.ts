import { z } from 'zod';
import { LocalisedTexts } from './admincoupons';
import { Id, IdText, ListMeta, TranslatedLocale } from './common';
import { Campaign } from './campaigns';
import { StampBalance } from './stamps';

/**
 * Issue 12, spec 1, 7 "Stamps and prizes": prizes a visitor gets for rally stamps.
 * exchange: first come, first served while stock lasts (the application is the win);
 * lottery: applications are entries, staff draw the winners later.
 */
export const PrizeKind = z.enum(['exchange', 'lottery']);
export type PrizeKind = z.infer<typeof PrizeKind>;

/**
 * An application's status: applied (a lottery entry waiting for the draw), won (an exchange
 * application at once, a drawn lottery entry), lost (not drawn), shipped (the prize sent).
 */
export const ApplicationStatus = z.enum(['applied', 'won', 'lost', 'shipped']);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

/** The status changes staff may make: applied -> won | lost, won -> shipped. */
export const NEXT_STATUSES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  applied: ['won', 'lost'],
  won: ['shipped'],
  lost: [],
  shipped: [],
};

/**
 * What a signed-in visitor can do with a prize, one state: canApply; notEnough (short by
 * `missingStamps`); applied (see `application`); outOfStock; rallyOver (the rally has ended).
 */
export const PrizeState = z.enum(['canApply', 'notEnough', 'applied', 'outOfStock', 'rallyOver']);
export type PrizeState = z.infer<typeof PrizeState>;

/** The visitor's application to a prize: when (UTC instant) and its status. */
export const MyApplication = z.object({
  id: z.number().int(),
  status: ApplicationStatus,
  stampsSpent: z.number().int(),
  appliedAt: z.string(),
});
export type MyApplication = z.infer<typeof MyApplication>;

/** A published prize as visitors see it, texts in the x-lang language (ja where none). */
export const VisitorPrize = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  kind: PrizeKind,
  name: z.string(),
  description: z.string(),
  /** Stamp points the prize costs (red 1, gold 10). */
  stampsNeeded: z.number().int(),
  /** Exchange: how many are left; lottery: null (no stock, winners are drawn). */
  stockLeft: z.number().int().nullable(),
  /** The first image's 400 px and 1200 px WebP variants, or null. */
  imageUrl: z.string().nullable(),
  imageLargeUrl: z.string().nullable(),
  displayOrder: z.number().int(),
  /** Whether a questionnaire must be answered first (questionnaires come with the next step). */
  questionnaireId: z.number().int().nullable(),
  /** For a signed-in visitor: their state (null when signed out). */
  state: PrizeState.nullable(),
  /** notEnough: how many more stamp points are needed; otherwise null. */
  missingStamps: z.number().int().nullable(),
  /** applied: the visitor's application; otherwise null. */
  application: MyApplication.nullable(),
});
export type VisitorPrize = z.infer<typeof VisitorPrize>;

/** Query of GET /api/prizes/get/list: a rally (default: the one running today, JST). */
export const PrizeListQuery = z.object({ campaignId: IdText.optional() });

/**
 * GET /api/prizes/get/list: the rally, its published prizes in display order, and for a
 * signed-in visitor their balance in it (null when signed out). `meta` pages nothing: the
 * whole list is one page.
 */
export const PrizeListResponse = z.object({
  data: z.object({
    campaign: Campaign.nullable(),
    prizes: z.array(VisitorPrize),
    balance: StampBalance.nullable(),
  }),
  meta: ListMeta,
});

/** Query of GET /api/prizes/get/all/list: pages over every rally's published prizes. */
export const AllPrizesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A published prize of any rally, with its rally's name and period (newest rally first). */
export const PrizeOfRally = VisitorPrize.omit({ state: true, missingStamps: true, application: true }).extend({
  campaign: Campaign,
});
export const AllPrizesResponse = z.object({ data: z.array(PrizeOfRally), meta: ListMeta });

/** Body of POST /api/prizes/change/to/presents (Idempotency-Key header required). */
export const ApplyBody = z.object({ prizeId: Id });
export type ApplyBody = z.infer<typeof ApplyBody>;

/** The answer to an application: the application, the prize's stock left, the balance after. */
export const ApplyResult = z.object({
  application: MyApplication.extend({ prizeId: z.number().int() }),
  stockLeft: z.number().int().nullable(),
  balance: StampBalance,
});
export type ApplyResult = z.infer<typeof ApplyResult>;
export const ApplyResponse = z.object({ data: ApplyResult });

// ---- Admin (issue 12, staff: prize/, prize/regist/, prize/{id}/) ----

/**
 * Body of POST /api/prizes and PUT /api/prizes/{id}: an exchange prize has a stock (what is
 * left to give, 0..1,000,000), a lottery prize none (null).
 */
export const PrizeInput = z
  .object({
    campaignId: Id,
    kind: PrizeKind,
    name: LocalisedTexts(300),
    description: LocalisedTexts(4000, false),
    stampsNeeded: z.number().int().min(1).max(100000),
    stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
    displayOrder: z.number().int().min(0).max(100000).default(0),
    published: z.boolean(),
  })
  .refine((p) => p.kind !== 'exchange' || p.stock !== null, { path: ['stock'], error: 'validation.required' })
  .refine((p) => p.kind !== 'lottery' || p.stock === null, { path: ['stock'], error: 'validation.lotteryStock' });
export type PrizeInput = z.output<typeof PrizeInput>;

/** Query of GET /api/prizes (admin list). */
export const AdminPrizeQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  campaignId: IdText.optional(),
  kind: PrizeKind.optional(),
  published: z.enum(['true', 'false']).optional(),
  /** Part of a name in any language. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type AdminPrizeQuery = z.output<typeof AdminPrizeQuery>;

export const PrizeImage = z.object({
  offset: z.number().int(),
  url: z.string(),
  smallUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PrizeImage = z.infer<typeof PrizeImage>;

/** Applications of a prize by status. */
export const ApplicationCounts = z.object({
  applied: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  shipped: z.number().int(),
  total: z.number().int(),
});
export type ApplicationCounts = z.infer<typeof ApplicationCounts>;

/** A prize in the admin list (ja name). */
export const AdminPrizeRow = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  kind: PrizeKind,
  name: z.string(),
  stampsNeeded: z.number().int(),
  stock: z.number().int().nullable(),
  displayOrder: z.number().int(),
  published: z.boolean(),
  imageUrl: z.string().nullable(),
  applications: ApplicationCounts,
  missingLocales: z.array(TranslatedLocale),
  updatedAt: z.string(),
});
export const AdminPrizeList = z.object({ data: z.array(AdminPrizeRow), meta: ListMeta });

/** The whole prize for its edit form. */
export const AdminPrize = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  kind: PrizeKind,
  name: LocalisedTexts(300),
  description: LocalisedTexts(4000, false),
  stampsNeeded: z.number().int(),
  stock: z.number().int().nullable(),
  displayOrder: z.number().int(),
  published: z.boolean(),
  questionnaireId: z.number().int().nullable(),
  images: z.array(PrizeImage),
  applications: ApplicationCounts,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPrize = z.infer<typeof AdminPrize>;
export const AdminPrizeResponse = z.object({ data: AdminPrize });

/** Query of DELETE /api/prizes/{id}/images (spec 7): type=prizeImage&offsets[]=0&offsets[]=2. */
export const DeletePrizeImagesQuery = z.object({
  type: z.literal('prizeImage'),
  offsets: z
    .union([z.coerce.number().int().min(0), z.array(z.coerce.number().int().min(0)).min(1).max(20)])
    .transform((v) => (Array.isArray(v) ? v : [v])),
});
export const PrizeImagesResponse = z.object({ data: z.array(PrizeImage) });

/** Query of GET /api/prizes/{id}/applications: filter by status, search by visitor name or id; page. */
export const ApplicationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: ApplicationStatus.optional(),
  /** Part of the visitor's display name, or their user id. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type ApplicationQuery = z.output<typeof ApplicationQuery>;

/** One application as staff see it. */
export const AdminApplication = z.object({
  id: z.number().int(),
  prizeId: z.number().int(),
  userId: z.number().int(),
  displayName: z.string(),
  status: ApplicationStatus,
  stampsSpent: z.number().int(),
  appliedAt: z.string(),
  updatedAt: z.string(),
});
export type AdminApplication = z.infer<typeof AdminApplication>;
export const AdminApplicationList = z.object({ data: z.array(AdminApplication), meta: ListMeta });
export const AdminApplicationResponse = z.object({ data: AdminApplication });

export const ApplicationParams = z.object({ id: IdText, applicationId: IdText });
/** Body of PUT /api/prizes/{id}/applications/{applicationId}: the new status (see NEXT_STATUSES). */
export const ApplicationStatusBody = z.object({ status: ApplicationStatus });

/** Columns of the applications CSV export, in order. */
export const APPLICATION_CSV_COLUMNS = [
  'application_id',
  'prize_id',
  'prize_name',
  'user_id',
  'display_name',
  'status',
  'stamps_spent',
  'applied_at_jst',
  'updated_at_jst',
] as const;
