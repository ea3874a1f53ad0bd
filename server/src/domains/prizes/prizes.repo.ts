import type { Knex } from 'knex';
import { removeAtOffsets } from '../../db/positions';
import { LOCALES, type Locale } from '../../contracts/common';
import type { LocalisedTexts } from '../../contracts/admincoupons';
import type {
  AdminPrizeQuery,
  ApplicationCounts,
  ApplicationQuery,
  ApplicationStatus,
  PrizeInput,
  PrizeKind,
} from '../../contracts/prizes';
import { toBool, toInt, toIso } from '../../db/dialect';
import { likePattern, loadTranslations } from '../../db/translations';

/** A prize row, normalised (booleans, timestamps, numbers as the two databases differ). */
export type PrizeRow = {
  id: number;
  campaignId: number;
  kind: PrizeKind;
  stampsNeeded: number;
  stock: number | null;
  displayOrder: number;
  published: boolean;
  questionnaireId: number | null;
  createdAt: string;
  updatedAt: string;
};

const rowOf = (r: Record<string, unknown>): PrizeRow => ({
  id: Number(r.id),
  campaignId: Number(r.campaign_id),
  kind: r.kind as PrizeKind,
  stampsNeeded: toInt(r.stamps_needed),
  stock: r.stock === null || r.stock === undefined ? null : toInt(r.stock),
  displayOrder: toInt(r.display_order),
  published: toBool(r.published),
  questionnaireId: r.questionnaire_id === null || r.questionnaire_id === undefined ? null : Number(r.questionnaire_id),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export type ImageRow = {
  id: number;
  prizeId: number;
  position: number;
  largeKey: string;
  smallKey: string;
  width: number;
  height: number;
};

/** The published prizes of a rally in display order (then id). */
export async function findPublishedOfCampaign(db: Knex, campaignId: number): Promise<PrizeRow[]> {
  const rows = await db('prizes')
    .where({ campaign_id: campaignId, published: true })
    .orderBy('display_order')
    .orderBy('id');
  return rows.map(rowOf);
}

/** One page of the published prizes of every rally: newest rally first, then display order. */
export async function findPublishedPage(
  db: Knex,
  page: { page: number; limit: number },
): Promise<{ rows: PrizeRow[]; total: number }> {
  const base = db('prizes as p').where('p.published', true);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .join('campaigns as c', 'c.id', 'p.campaign_id')
      .select('p.*')
      .orderBy('c.starts_on', 'desc')
      .orderBy('p.campaign_id', 'desc')
      .orderBy('p.display_order')
      .orderBy('p.id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    base.clone().count({ n: '*' }).first(),
  ]);
  return { rows: rows.map(rowOf), total: toInt(count?.n) };
}

export async function findPrize(db: Knex, id: number): Promise<PrizeRow | undefined> {
  const row = await db('prizes').where({ id }).first();
  return row ? rowOf(row) : undefined;
}

/** Texts of prizes in `locale`, ja where a prize has none in it. */
export async function findTexts(
  db: Knex,
  ids: number[],
  locale: Locale,
): Promise<Map<number, { name: string; description: string }>> {
  return loadTranslations(db, 'prize_translations', 'prize_id', ids, locale);
}

/** All locales' texts of some prizes: id -> { name, description } per locale. */
export async function findAllTexts(db: Knex, ids: number[]) {
  const rows: Array<{ prize_id: number; locale: Locale; name: string; description: string }> = ids.length
    ? await db('prize_translations').whereIn('prize_id', ids)
    : [];
  const map = new Map<number, { name: LocalisedTexts; description: LocalisedTexts }>();
  for (const r of rows) {
    const entry = map.get(Number(r.prize_id)) ?? { name: { ja: '' }, description: { ja: '' } };
    entry.name[r.locale] = r.name;
    entry.description[r.locale] = r.description;
    map.set(Number(r.prize_id), entry);
  }
  return map;
}

export async function findImages(db: Knex, prizeIds: number[]): Promise<ImageRow[]> {
  if (!prizeIds.length) return [];
  const rows = await db('prize_images').whereIn('prize_id', prizeIds).orderBy(['prize_id', 'position']);
  return rows.map((r) => ({
    id: Number(r.id),
    prizeId: Number(r.prize_id),
    position: toInt(r.position),
    largeKey: r.large_key,
    smallKey: r.small_key,
    width: toInt(r.width),
    height: toInt(r.height),
  }));
}

export async function insertImages(
  trx: Knex,
  prizeId: number,
  images: Array<Omit<ImageRow, 'id' | 'prizeId' | 'position'>>,
  now: Date,
): Promise<void> {
  const last = await trx('prize_images').where({ prize_id: prizeId }).max({ p: 'position' }).first();
  let position = last?.p === null || last?.p === undefined ? 0 : toInt(last.p) + 1;
  for (const img of images) {
    await trx('prize_images').insert({
      prize_id: prizeId,
      position,
      large_key: img.largeKey,
      small_key: img.smallKey,
      width: img.width,
      height: img.height,
      created_at: now.toISOString(),
    });
    position += 1;
  }
  await touch(trx, prizeId, now);
}

/** Deletes images at list offsets (0-based, in position order) and closes the gaps; returns the removed rows. */
export async function deleteImagesAt(trx: Knex, prizeId: number, offsets: number[], now: Date): Promise<ImageRow[]> {
  const removed = await removeAtOffsets(trx, 'prize_images', await findImages(trx, [prizeId]), offsets);
  await touch(trx, prizeId, now);
  return removed;
}

const touch = (trx: Knex, id: number, now: Date) =>
  trx('prizes').where({ id }).update({ updated_at: now.toISOString() });

/** A prize's texts as stored: a row per locale with a name; an empty description there is the ja one. */
function translationsOf(id: number, input: Pick<PrizeInput, 'name' | 'description'>) {
  return LOCALES.flatMap((locale) => {
    const name = input.name[locale]?.trim();
    if (!name) return [];
    const description = input.description[locale]?.trim() || (locale === 'ja' ? '' : input.description.ja);
    return [{ prize_id: id, locale, name, description }];
  });
}

const columns = (input: PrizeInput) => ({
  campaign_id: input.campaignId,
  kind: input.kind,
  stamps_needed: input.stampsNeeded,
  stock: input.kind === 'exchange' ? input.stock : null,
  display_order: input.displayOrder,
  published: input.published,
});

export async function insertPrize(trx: Knex, input: PrizeInput, now: Date): Promise<number> {
  const [row] = await trx('prizes')
    .insert({ ...columns(input), created_at: now.toISOString(), updated_at: now.toISOString() })
    .returning('id');
  const id = Number(typeof row === 'object' ? row.id : row);
  await trx('prize_translations').insert(translationsOf(id, input));
  return id;
}

export async function updatePrize(trx: Knex, id: number, input: PrizeInput, now: Date): Promise<void> {
  await trx('prizes')
    .where({ id })
    .update({ ...columns(input), updated_at: now.toISOString() });
  await trx('prize_translations').where({ prize_id: id }).delete();
  await trx('prize_translations').insert(translationsOf(id, input));
}

/** Deletes a prize with its texts and image rows (ON DELETE CASCADE); only without applications. */
export async function deletePrize(trx: Knex, id: number): Promise<void> {
  await trx('prizes').where({ id }).delete();
}

/** Admin list: filters, a name in any language, display order within the newest rally first. */
export async function searchPrizes(db: Knex, q: AdminPrizeQuery): Promise<{ rows: PrizeRow[]; total: number }> {
  const base = db('prizes as p');
  if (q.campaignId) base.where('p.campaign_id', q.campaignId);
  if (q.kind) base.where('p.kind', q.kind);
  if (q.published) base.where('p.published', q.published === 'true');
  if (q.q)
    base.whereExists(
      db('prize_translations as pt')
        .whereRaw('pt.prize_id = p.id')
        .andWhereRaw("lower(pt.name) like ? escape '\\'", [likePattern(q.q)]),
    );
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select('p.*')
      .orderBy('p.campaign_id', 'desc')
      .orderBy('p.display_order')
      .orderBy('p.id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    base.clone().count({ n: '*' }).first(),
  ]);
  return { rows: rows.map(rowOf), total: toInt(count?.n) };
}

/** Applications of some prizes counted by status. */
export async function countApplications(db: Knex, prizeIds: number[]): Promise<Map<number, ApplicationCounts>> {
  const map = new Map<number, ApplicationCounts>();
  for (const id of prizeIds) map.set(id, { applied: 0, won: 0, lost: 0, shipped: 0, total: 0 });
  if (!prizeIds.length) return map;
  const rows = await db('prize_applications')
    .whereIn('prize_id', prizeIds)
    .groupBy('prize_id', 'status')
    .select('prize_id', 'status')
    .count({ n: '*' });
  for (const r of rows as Array<{ prize_id: number; status: ApplicationStatus; n: unknown }>) {
    const c = map.get(Number(r.prize_id))!;
    c[r.status] = toInt(r.n);
    c.total += toInt(r.n);
  }
  return map;
}

// ---- Applications ----

export type ApplicationRow = {
  id: number;
  prizeId: number;
  userId: number;
  displayName: string;
  status: ApplicationStatus;
  stampsSpent: number;
  appliedAt: string;
  updatedAt: string;
};

const applicationOf = (r: Record<string, unknown>): ApplicationRow => ({
  id: Number(r.id),
  prizeId: Number(r.prize_id),
  userId: Number(r.user_id),
  displayName: String(r.display_name ?? ''),
  status: r.status as ApplicationStatus,
  stampsSpent: toInt(r.stamps_spent),
  appliedAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

const applicationsWithNames = (db: Knex) =>
  db('prize_applications as a').join('users as u', 'u.id', 'a.user_id').select('a.*', 'u.display_name');

/**
 * Takes one from an exchange prize's stock if any is left: `stock = stock - 1 where stock > 0`,
 * a conditional update the database applies one at a time. Answers the stock left, or null
 * when none was left.
 */
export async function takeOne(trx: Knex, prizeId: number): Promise<number | null> {
  const changed = toInt(
    await trx('prizes')
      .where({ id: prizeId })
      .andWhere('stock', '>', 0)
      .update({ stock: trx.raw('stock - 1') }),
  );
  if (changed === 0) return null;
  const row = await trx('prizes').where({ id: prizeId }).first('stock');
  return toInt(row?.stock);
}

/** Inserts an application; the unique (user, prize) index refuses a second one. */
export async function insertApplication(
  trx: Knex,
  a: { userId: number; prizeId: number; status: ApplicationStatus; stampsSpent: number; now: Date },
): Promise<number> {
  const [row] = await trx('prize_applications')
    .insert({
      user_id: a.userId,
      prize_id: a.prizeId,
      status: a.status,
      stamps_spent: a.stampsSpent,
      created_at: a.now.toISOString(),
      updated_at: a.now.toISOString(),
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

/** A visitor's applications to some prizes, by prize id. */
export async function findApplicationsOfUser(
  db: Knex,
  userId: number,
  prizeIds: number[],
): Promise<Map<number, ApplicationRow>> {
  const map = new Map<number, ApplicationRow>();
  if (!prizeIds.length) return map;
  const rows = await applicationsWithNames(db).where('a.user_id', userId).whereIn('a.prize_id', prizeIds);
  for (const r of rows) map.set(Number(r.prize_id), applicationOf(r));
  return map;
}

function applicationFilter(db: Knex, prizeId: number, q: Pick<ApplicationQuery, 'status' | 'q'>) {
  const base = applicationsWithNames(db).where('a.prize_id', prizeId);
  if (q.status) base.where('a.status', q.status);
  if (q.q) {
    const asId = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    base.where((w) => {
      w.whereRaw("lower(u.display_name) like ? escape '\\'", [likePattern(q.q!)]);
      if (asId !== null) w.orWhere('a.user_id', asId);
    });
  }
  return base;
}

/** A page of a prize's applications, oldest first (the order they came in). */
export async function searchApplications(
  db: Knex,
  prizeId: number,
  q: ApplicationQuery,
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const base = applicationFilter(db, prizeId, q);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .orderBy('a.created_at')
      .orderBy('a.id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    base.clone().clearSelect().count({ n: '*' }).first(),
  ]);
  return { rows: rows.map(applicationOf), total: toInt(count?.n) };
}

/** Every application of a prize matching the filter, oldest first, read in pages of 500 (CSV export). */
export async function* eachApplication(
  db: Knex,
  prizeId: number,
  q: Pick<ApplicationQuery, 'status' | 'q'>,
): AsyncGenerator<ApplicationRow> {
  const size = 500;
  for (let offset = 0; ; offset += size) {
    const rows = await applicationFilter(db, prizeId, q).orderBy('a.id').limit(size).offset(offset);
    for (const r of rows) yield applicationOf(r);
    if (rows.length < size) return;
  }
}

export async function findApplication(db: Knex, prizeId: number, id: number): Promise<ApplicationRow | undefined> {
  const row = await applicationsWithNames(db).where({ 'a.id': id, 'a.prize_id': prizeId }).first();
  return row ? applicationOf(row) : undefined;
}

/** Changes an application's status only if it still has `from` (a conditional update); answers whether it did. */
export async function updateApplicationStatus(
  trx: Knex,
  id: number,
  from: ApplicationStatus,
  to: ApplicationStatus,
  now: Date,
): Promise<boolean> {
  const changed = await trx('prize_applications')
    .where({ id, status: from })
    .update({ status: to, updated_at: now.toISOString() });
  return toInt(changed) === 1;
}
