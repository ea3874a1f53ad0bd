import type { Knex } from 'knex';
import { TRANSLATED_LOCALES, type ListMeta, type Locale } from '../../contracts/common';
import type { Campaign } from '../../contracts/campaigns';
import {
  NEXT_STATUSES,
  type AdminApplication,
  type AdminPrize,
  type AdminPrizeQuery,
  type ApplicationQuery,
  type ApplicationStatus,
  type MyApplication,
  type PrizeImage,
  type PrizeInput,
  type VisitorPrize,
} from '../../contracts/prizes';
import type { StampBalance } from '../../contracts/stamps';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../http/errors';
import type { ImageStore } from '../../storage/image-store';
import { storeAllOrNone } from '../../storage/webp-variants';
import { recordAudit, type AuditActor } from '../audit';
import { campaignById, runningCampaign } from '../campaigns';
import { stampBalance } from '../stamps';
import {
  countApplications,
  deleteImagesAt,
  deletePrize,
  eachApplication,
  findAllTexts,
  findApplication,
  findApplicationsOfUser,
  findImages,
  findPrize,
  findPublishedOfCampaign,
  findPublishedPage,
  findTexts,
  insertApplication,
  insertImages,
  insertPrize,
  searchApplications,
  searchPrizes,
  takeOne,
  updateApplicationStatus,
  updatePrize,
  type ApplicationRow,
  type ImageRow,
  type PrizeRow,
} from './prizes.repo';

const imageOf = (store: ImageStore, img: ImageRow, offset: number): PrizeImage => ({
  offset,
  url: store.urlFor(img.largeKey),
  smallUrl: store.urlFor(img.smallKey),
  width: img.width,
  height: img.height,
});

/** Prizes as every visitor sees them: texts in `locale` (ja fallback), the first image. */
async function presentPublic(db: Knex, store: ImageStore, rows: PrizeRow[], locale: Locale) {
  const ids = rows.map((r) => r.id);
  const [texts, images] = await Promise.all([findTexts(db, ids, locale), findImages(db, ids)]);
  return rows.map((p) => {
    const first = images.find((i) => i.prizeId === p.id);
    return {
      id: p.id,
      campaignId: p.campaignId,
      kind: p.kind,
      name: texts.get(p.id)?.name ?? '',
      description: texts.get(p.id)?.description ?? '',
      stampsNeeded: p.stampsNeeded,
      stockLeft: p.kind === 'exchange' ? p.stock : null,
      imageUrl: first ? store.urlFor(first.smallKey) : null,
      imageLargeUrl: first ? store.urlFor(first.largeKey) : null,
      displayOrder: p.displayOrder,
      questionnaireId: p.questionnaireId,
    };
  });
}

const myApplication = (a: ApplicationRow): MyApplication => ({
  id: a.id,
  status: a.status,
  stampsSpent: a.stampsSpent,
  appliedAt: a.appliedAt,
});

/** Whether a rally has ended on JST day `today` (its last day included). */
export const rallyIsOver = (campaign: Pick<Campaign, 'endsOn'>, today: string) => today > campaign.endsOn;

/**
 * Spec 7 `/prizes/get/list` (issue 12): the published prizes of rally `campaignId` (default:
 * the one running on JST day `today`) in display order, names and descriptions in `locale`
 * (ja fallback), with stamps needed (stamp points: red 1, gold 10) and stock left (null for a
 * lottery). For a signed-in visitor (`userId`) also their balance in the rally and, per prize,
 * one state: applied (their application: when, status), rallyOver (after its last JST day),
 * outOfStock, notEnough (`missingStamps` more points needed), or canApply. Signed out, states
 * and balance are null. No rally running and none asked for: no prizes, `campaign: null`.
 * @throws NotFoundError CAMPAIGN_NOT_FOUND (404) when `campaignId` is no rally
 */
export async function listPrizes(
  db: Knex,
  store: ImageStore,
  q: { campaignId?: number; userId?: number; today: string; locale: Locale },
): Promise<{ campaign: Campaign | null; prizes: VisitorPrize[]; balance: StampBalance | null }> {
  const campaign = q.campaignId
    ? await campaignById(db, q.campaignId, q.locale)
    : await runningCampaign(db, q.today, q.locale);
  if (!campaign && q.campaignId) throw new NotFoundError('CAMPAIGN_NOT_FOUND');
  if (!campaign) return { campaign: null, prizes: [], balance: null };
  const rows = await findPublishedOfCampaign(db, campaign.id);
  const shown = await presentPublic(db, store, rows, q.locale);
  if (q.userId === undefined) {
    return {
      campaign,
      prizes: shown.map((p) => ({ ...p, state: null, missingStamps: null, application: null })),
      balance: null,
    };
  }
  const [balance, applications] = await Promise.all([
    stampBalance(db, q.userId, campaign.id),
    findApplicationsOfUser(
      db,
      q.userId,
      rows.map((r) => r.id),
    ),
  ]);
  const over = rallyIsOver(campaign, q.today);
  const prizes = shown.map((p): VisitorPrize => {
    const applied = applications.get(p.id);
    const none = { missingStamps: null, application: null };
    if (applied) return { ...p, state: 'applied', missingStamps: null, application: myApplication(applied) };
    if (over) return { ...p, state: 'rallyOver', ...none };
    if (p.kind === 'exchange' && (p.stockLeft ?? 0) <= 0) return { ...p, state: 'outOfStock', ...none };
    if (balance.left < p.stampsNeeded)
      return { ...p, state: 'notEnough', missingStamps: p.stampsNeeded - balance.left, application: null };
    return { ...p, state: 'canApply', ...none };
  });
  return { campaign, prizes, balance };
}

/**
 * Spec 7 `/prizes/get/all/list` (issue 12): one page of the published prizes of every rally,
 * past ones included (newest rally first, then display order), each with its rally; texts in
 * `locale` (ja fallback). No visitor state: that is per rally, in `/prizes/get/list`.
 */
export async function listAllPrizes(db: Knex, store: ImageStore, q: { page: number; limit: number; locale: Locale }) {
  const { rows, total } = await findPublishedPage(db, q);
  const shown = await presentPublic(db, store, rows, q.locale);
  const campaigns = new Map<number, Campaign>();
  for (const id of new Set(rows.map((r) => r.campaignId))) {
    const c = await campaignById(db, id, q.locale);
    if (c) campaigns.set(id, c);
  }
  return {
    data: shown.map((p) => ({ ...p, campaign: campaigns.get(p.campaignId)! })),
    meta: { page: q.page, limit: q.limit, total } satisfies ListMeta,
  };
}

/**
 * The published prize a visitor applies for, read inside the application's transaction.
 * @throws NotFoundError PRIZE_NOT_FOUND (404) unknown or unpublished prize
 */
export async function prizeToApply(trx: Knex, prizeId: number): Promise<PrizeRow> {
  const prize = await findPrize(trx, prizeId);
  if (!prize || !prize.published) throw new NotFoundError('PRIZE_NOT_FOUND');
  return prize;
}

/**
 * @throws ConflictError ALREADY_APPLIED (409) when the visitor applied for the prize before
 */
export async function assertNotApplied(trx: Knex, userId: number, prizeId: number): Promise<void> {
  if ((await findApplicationsOfUser(trx, userId, [prizeId])).size > 0) throw new ConflictError('ALREADY_APPLIED');
}

/**
 * Records a visitor's application inside the caller's transaction: for an exchange prize it
 * first takes one from the stock (a conditional update, `stock > 0`) and the application is
 * the win (status won); a lottery application is an entry (status applied). The unique
 * (visitor, prize) index refuses a second application.
 * @returns the application and the stock left (null for a lottery)
 * @throws ConflictError OUT_OF_STOCK (409) when no exchange stock is left
 */
export async function recordApplication(
  trx: Knex,
  a: { prize: PrizeRow; userId: number; now: Date },
): Promise<{ application: MyApplication & { prizeId: number }; stockLeft: number | null }> {
  let stockLeft: number | null = null;
  if (a.prize.kind === 'exchange') {
    stockLeft = await takeOne(trx, a.prize.id);
    if (stockLeft === null) throw new ConflictError('OUT_OF_STOCK');
  }
  const status: ApplicationStatus = a.prize.kind === 'exchange' ? 'won' : 'applied';
  const id = await insertApplication(trx, {
    userId: a.userId,
    prizeId: a.prize.id,
    status,
    stampsSpent: a.prize.stampsNeeded,
    now: a.now,
  });
  return {
    application: { id, prizeId: a.prize.id, status, stampsSpent: a.prize.stampsNeeded, appliedAt: a.now.toISOString() },
    stockLeft,
  };
}

// ---- Admin (issue 12: prize/, prize/regist/, prize/{id}/; admins only) ----

async function presentAdmin(db: Knex, store: ImageStore, rows: PrizeRow[]) {
  const ids = rows.map((r) => r.id);
  // One after another: inside a transaction (create, update, delete) every query shares one connection.
  const texts = await findAllTexts(db, ids);
  const images = await findImages(db, ids);
  const counts = await countApplications(db, ids);
  return rows.map((p) => ({
    row: p,
    texts: texts.get(p.id) ?? { name: { ja: '' }, description: { ja: '' } },
    images: images.filter((i) => i.prizeId === p.id).map((img, i) => imageOf(store, img, i)),
    applications: counts.get(p.id)!,
  }));
}

/**
 * `GET /prizes` (spec 7, admin): prizes of every rally or of `campaignId`, filtered by kind,
 * publication and a name in any language; newest rally first, then display order; paged.
 */
export async function listAdminPrizes(db: Knex, store: ImageStore, q: AdminPrizeQuery) {
  const { rows, total } = await searchPrizes(db, q);
  const items = await presentAdmin(db, store, rows);
  return {
    data: items.map(({ row, texts, images, applications }) => ({
      id: row.id,
      campaignId: row.campaignId,
      kind: row.kind,
      name: texts.name.ja,
      stampsNeeded: row.stampsNeeded,
      stock: row.stock,
      displayOrder: row.displayOrder,
      published: row.published,
      imageUrl: images[0]?.smallUrl ?? null,
      applications,
      missingLocales: TRANSLATED_LOCALES.filter((l) => !texts.name[l]),
      updatedAt: row.updatedAt,
    })),
    meta: { page: q.page, limit: q.limit, total } satisfies ListMeta,
  };
}

/**
 * `GET /prizes/{id}` (spec 7, admin): the whole prize for its form, with its images and its
 * applications counted by status.
 * @throws NotFoundError PRIZE_NOT_FOUND (404)
 */
export async function getAdminPrize(db: Knex, store: ImageStore, id: number): Promise<AdminPrize> {
  const row = await findPrize(db, id);
  if (!row) throw new NotFoundError('PRIZE_NOT_FOUND');
  const [p] = await presentAdmin(db, store, [row]);
  return {
    id: row.id,
    campaignId: row.campaignId,
    kind: row.kind,
    name: p!.texts.name,
    description: p!.texts.description,
    stampsNeeded: row.stampsNeeded,
    stock: row.stock,
    displayOrder: row.displayOrder,
    published: row.published,
    questionnaireId: row.questionnaireId,
    images: p!.images,
    applications: p!.applications,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A prize as the audit log stores it: its editable fields as stored, the same shape before and after. */
const auditView = (p: AdminPrize) => {
  const { id: _id, images: _i, applications: _a, createdAt: _c, updatedAt: _u, ...rest } = p;
  return rest;
};

async function assertCampaign(db: Knex, campaignId: number) {
  if (!(await campaignById(db, campaignId, 'ja'))) throw new BusinessRuleError('CAMPAIGN_NOT_FOUND');
}

/**
 * `POST /prizes` (spec 7, admin): creates a prize of a rally with its texts (ja name
 * required, other languages fall back to ja), recorded in the audit trail.
 * @throws BusinessRuleError CAMPAIGN_NOT_FOUND (422) when `campaignId` is no rally
 */
export async function createAdminPrize(
  db: Knex,
  store: ImageStore,
  staff: AuditActor,
  input: PrizeInput,
  now: Date,
): Promise<AdminPrize> {
  await assertCampaign(db, input.campaignId);
  const id = await db.transaction(async (trx) => {
    const newId = await insertPrize(trx, input, now);
    const after = auditView(await getAdminPrize(trx, store, newId));
    await recordAudit(trx, staff, { action: 'create', entity: 'prize', entityId: newId, before: null, after, now });
    return newId;
  });
  return getAdminPrize(db, store, id);
}

/**
 * `PUT /prizes/{id}` (spec 7, admin): replaces a prize's fields and texts. `stock` is what is
 * left to give from now on. Once visitors have applied, its rally and kind stay as they are.
 * @throws NotFoundError PRIZE_NOT_FOUND (404); BusinessRuleError CAMPAIGN_NOT_FOUND (422)
 * @throws ConflictError PRIZE_HAS_APPLICATIONS (409) changing rally or kind after applications
 */
export async function updateAdminPrize(
  db: Knex,
  store: ImageStore,
  staff: AuditActor,
  id: number,
  input: PrizeInput,
  now: Date,
): Promise<AdminPrize> {
  await assertCampaign(db, input.campaignId);
  await db.transaction(async (trx) => {
    const before = await getAdminPrize(trx, store, id);
    if (before.applications.total > 0 && (before.kind !== input.kind || before.campaignId !== input.campaignId))
      throw new ConflictError('PRIZE_HAS_APPLICATIONS');
    await updatePrize(trx, id, input, now);
    const after = auditView(await getAdminPrize(trx, store, id));
    await recordAudit(trx, staff, {
      action: 'update',
      entity: 'prize',
      entityId: id,
      before: auditView(before),
      after,
      now,
    });
  });
  return getAdminPrize(db, store, id);
}

/**
 * `DELETE /prizes/{id}` (issue 12, admin): deletes a prize nobody has applied for, with its
 * texts and images. One with applications is refused: its applications are the record of
 * stamps spent; unpublish it instead.
 * @throws NotFoundError PRIZE_NOT_FOUND (404); ConflictError PRIZE_HAS_APPLICATIONS (409)
 */
export async function deleteAdminPrize(
  db: Knex,
  store: ImageStore,
  staff: AuditActor,
  id: number,
  now: Date,
): Promise<void> {
  const removed = await db.transaction(async (trx) => {
    const before = await getAdminPrize(trx, store, id);
    if (before.applications.total > 0) throw new ConflictError('PRIZE_HAS_APPLICATIONS');
    const images = await findImages(trx, [id]);
    await deletePrize(trx, id);
    await recordAudit(trx, staff, {
      action: 'delete',
      entity: 'prize',
      entityId: id,
      before: auditView(before),
      after: null,
      now,
    });
    return images;
  });
  await Promise.all(removed.flatMap((r) => [store.delete(r.largeKey), store.delete(r.smallKey)]));
}

/**
 * `POST multipart /prizes/{id}/images` (spec 7, admin, type prizeImage): stores uploads
 * through the coupon images' pipeline (checked by their bytes, WebP 1200/400 px, metadata
 * stripped) under `prizes/{id}/`, after the existing images.
 * @returns the prize's images after the upload
 * @throws NotFoundError PRIZE_NOT_FOUND (404); BusinessRuleError NO_FILES, NOT_AN_IMAGE (422)
 */
export async function addPrizeImages(
  db: Knex,
  store: ImageStore,
  staff: AuditActor,
  id: number,
  files: Buffer[],
  now: Date,
): Promise<PrizeImage[]> {
  if (!(await findPrize(db, id))) throw new NotFoundError('PRIZE_NOT_FOUND');
  if (!files.length) throw new BusinessRuleError('NO_FILES');
  const stored = await storeAllOrNone(store, `prizes/${id}`, files);
  try {
    await db.transaction(async (trx) => {
      if (!(await findPrize(trx, id))) throw new NotFoundError('PRIZE_NOT_FOUND');
      await insertImages(trx, id, stored, now);
      await recordAudit(trx, staff, {
        action: 'update',
        entity: 'prize',
        entityId: id,
        before: null,
        after: { imagesAdded: stored.map((s) => s.largeKey) },
        now,
      });
    });
  } catch (err) {
    await Promise.all(stored.flatMap((s) => [store.delete(s.largeKey), store.delete(s.smallKey)]));
    throw err;
  }
  return (await findImages(db, [id])).map((img, i) => imageOf(store, img, i));
}

/**
 * `DELETE /prizes/{id}/images?type=prizeImage&offsets[]=…` (spec 7, admin): removes the
 * images at those list offsets (0-based) and their files; the rest close up.
 * @throws NotFoundError PRIZE_NOT_FOUND (404)
 */
export async function removePrizeImages(
  db: Knex,
  store: ImageStore,
  staff: AuditActor,
  id: number,
  offsets: number[],
  now: Date,
): Promise<PrizeImage[]> {
  const removed = await db.transaction(async (trx) => {
    if (!(await findPrize(trx, id))) throw new NotFoundError('PRIZE_NOT_FOUND');
    const gone = await deleteImagesAt(trx, id, [...new Set(offsets)], now);
    await recordAudit(trx, staff, {
      action: 'update',
      entity: 'prize',
      entityId: id,
      before: { imagesRemoved: gone.map((g) => g.largeKey) },
      after: null,
      now,
    });
    return gone;
  });
  await Promise.all(removed.flatMap((r) => [store.delete(r.largeKey), store.delete(r.smallKey)]));
  return (await findImages(db, [id])).map((img, i) => imageOf(store, img, i));
}

const adminApplication = (a: ApplicationRow): AdminApplication => ({ ...a });

/**
 * `GET /prizes/{id}/applications` (issue 12, admin): a page of a prize's applications in the
 * order they came in, filtered by status and searched by the visitor's display name or id.
 * @throws NotFoundError PRIZE_NOT_FOUND (404)
 */
export async function listApplications(
  db: Knex,
  prizeId: number,
  q: ApplicationQuery,
): Promise<{ data: AdminApplication[]; meta: ListMeta }> {
  if (!(await findPrize(db, prizeId))) throw new NotFoundError('PRIZE_NOT_FOUND');
  const { rows, total } = await searchApplications(db, prizeId, q);
  return { data: rows.map(adminApplication), meta: { page: q.page, limit: q.limit, total } };
}

/**
 * The rows of `GET /prizes/{id}/applications/csv` (issue 12, admin): every application
 * matching the filter, oldest first, with the prize's ja name.
 * @throws NotFoundError PRIZE_NOT_FOUND (404), before any row is sent
 */
export async function applicationsForExport(
  db: Knex,
  prizeId: number,
  q: Pick<ApplicationQuery, 'status' | 'q'>,
): Promise<{ prizeName: string; rows: AsyncGenerator<ApplicationRow> }> {
  if (!(await findPrize(db, prizeId))) throw new NotFoundError('PRIZE_NOT_FOUND');
  const texts = await findTexts(db, [prizeId], 'ja');
  return { prizeName: texts.get(prizeId)?.name ?? '', rows: eachApplication(db, prizeId, q) };
}

/**
 * `PUT /prizes/{id}/applications/{applicationId}` (issue 12, admin): moves an application on
 * (applied -> won or lost, won -> shipped), a conditional update so two staff cannot both
 * move it from one status; recorded in the audit trail. Stamps spent stay spent.
 * @throws NotFoundError PRIZE_NOT_FOUND, APPLICATION_NOT_FOUND (404)
 * @throws BusinessRuleError STATUS_CHANGE_NOT_ALLOWED (422) for any other change
 */
export async function changeApplicationStatus(
  db: Knex,
  staff: AuditActor,
  a: { prizeId: number; applicationId: number; status: ApplicationStatus; now: Date },
): Promise<AdminApplication> {
  if (!(await findPrize(db, a.prizeId))) throw new NotFoundError('PRIZE_NOT_FOUND');
  await db.transaction(async (trx) => {
    const before = await findApplication(trx, a.prizeId, a.applicationId);
    if (!before) throw new NotFoundError('APPLICATION_NOT_FOUND');
    if (!NEXT_STATUSES[before.status].includes(a.status)) throw new BusinessRuleError('STATUS_CHANGE_NOT_ALLOWED');
    if (!(await updateApplicationStatus(trx, a.applicationId, before.status, a.status, a.now)))
      throw new BusinessRuleError('STATUS_CHANGE_NOT_ALLOWED');
    await recordAudit(trx, staff, {
      action: 'update',
      entity: 'prizeApplication',
      entityId: a.applicationId,
      before: { prizeId: a.prizeId, status: before.status },
      after: { prizeId: a.prizeId, status: a.status },
      now: a.now,
    });
  });
  return adminApplication((await findApplication(db, a.prizeId, a.applicationId))!);
}
