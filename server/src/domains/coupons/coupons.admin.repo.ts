import type { Knex } from 'knex';
import { removeAtOffsets } from '../../db/positions';
import type { Area, Locale, Purpose } from '../../contracts/common';
import { LOCALES } from '../../contracts/common';
import type { AdminCouponInput, AdminCouponQuery, LocalisedTexts } from '../../contracts/admincoupons';
import { toBool, toInt, toIso } from '../../db/dialect';
import { likePattern } from '../../db/translations';

export type AdminRaw = {
  id: number;
  area: Area;
  purpose: Purpose;
  genre: string | null;
  valid_from: string;
  valid_to: string;
  published: unknown;
  line_point_amount: number;
  created_at: unknown;
  updated_at: unknown;
  deleted_at: unknown;
};

export type ImageRow = {
  id: number;
  couponId: number;
  position: number;
  largeKey: string;
  smallKey: string;
  width: number;
  height: number;
};

/** Restricts a coupon query to coupons usable at one of these spots (shop staff). */
function scopeToSpots(query: Knex.QueryBuilder, db: Knex, spotIds: number[] | null) {
  if (spotIds)
    query.whereExists(
      db('coupon_spots as sc')
        .whereRaw('sc.coupon_id = c.id')
        .whereIn('sc.spot_id', spotIds.length ? spotIds : [-1]),
    );
}

/**
 * Admin list: search by ja title, shop name or store code, filters (a language the coupon has
 * no texts in: no translation row, since rows exist only for written titles), status on JST
 * day `today`, sort.
 */
export async function searchAdmin(
  db: Knex,
  q: AdminCouponQuery,
  today: string,
  spotIds: number[] | null,
): Promise<{ rows: AdminRaw[]; total: number }> {
  const base = db('coupons as c').whereNull('c.deleted_at');
  scopeToSpots(base, db, spotIds);
  if (q.area) base.andWhere('c.area', q.area);
  if (q.purpose) base.andWhere('c.purpose', q.purpose);
  if (q.tag) base.whereExists(db('coupon_tags as t').whereRaw('t.coupon_id = c.id').andWhere('t.tag', q.tag));
  if (q.title) {
    base.whereExists(
      db('coupon_translations as ct')
        .whereRaw('ct.coupon_id = c.id')
        .andWhereRaw("lower(ct.title) like ? escape '\\'", [likePattern(q.title)]),
    );
  }
  if (q.shop) {
    const pattern = likePattern(q.shop);
    base.whereExists(
      db('coupon_spots as cs')
        .join('spots as s', 's.id', 'cs.spot_id')
        .join('spot_translations as st', 'st.spot_id', 's.id')
        .whereRaw('cs.coupon_id = c.id')
        .andWhere((w) =>
          w
            .whereRaw("lower(st.name) like ? escape '\\'", [pattern])
            .orWhereRaw("lower(s.store_code) like ? escape '\\'", [pattern]),
        ),
    );
  }
  if (q.missing)
    base.whereNotExists(
      db('coupon_translations as mt').whereRaw('mt.coupon_id = c.id').andWhere('mt.locale', q.missing),
    );
  if (q.status === 'draft') base.andWhere('c.published', false);
  if (q.status === 'expired') base.andWhere('c.published', true).andWhere('c.valid_to', '<', today);
  if (q.status === 'scheduled') base.andWhere('c.published', true).andWhere('c.valid_from', '>', today);
  if (q.status === 'published')
    base.andWhere('c.published', true).andWhere('c.valid_from', '<=', today).andWhere('c.valid_to', '>=', today);

  const ordered = base.clone().select('c.*');
  if (q.sort === 'title') {
    ordered
      .leftJoin('coupon_translations as tj', function () {
        this.on('tj.coupon_id', '=', 'c.id').andOn('tj.locale', '=', db.raw('?', ['ja']));
      })
      .orderBy('tj.title', 'asc');
  } else if (q.sort === 'validTo') ordered.orderBy('c.valid_to', 'asc');
  else ordered.orderBy('c.created_at', q.sort === 'oldest' ? 'asc' : 'desc');
  ordered
    .orderBy('c.id', q.sort === 'oldest' ? 'asc' : 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);

  const [rows, countRow] = await Promise.all([ordered as Promise<AdminRaw[]>, base.clone().count({ n: '*' }).first()]);
  return { rows, total: toInt(countRow?.n) };
}

export async function findAdminRaw(db: Knex, id: number): Promise<AdminRaw | undefined> {
  return db('coupons').where({ id }).whereNull('deleted_at').first();
}

/** All locales' texts of some coupons: id -> { title, description, discount } per locale. */
export async function findAllTexts(db: Knex, ids: number[]) {
  const rows: Array<{ coupon_id: number; locale: Locale; title: string; description: string; discount_text: string }> =
    ids.length ? await db('coupon_translations').whereIn('coupon_id', ids) : [];
  const map = new Map<number, { title: LocalisedTexts; description: LocalisedTexts; discount: LocalisedTexts }>();
  for (const r of rows) {
    const entry = map.get(r.coupon_id) ?? { title: { ja: '' }, description: { ja: '' }, discount: { ja: '' } };
    entry.title[r.locale] = r.title;
    entry.description[r.locale] = r.description;
    entry.discount[r.locale] = r.discount_text;
    map.set(r.coupon_id, entry);
  }
  return map;
}

export async function findTags(db: Knex, ids: number[]): Promise<Map<number, string[]>> {
  const rows: Array<{ coupon_id: number; tag: string }> = ids.length
    ? await db('coupon_tags').whereIn('coupon_id', ids).orderBy('tag')
    : [];
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.coupon_id, [...(map.get(r.coupon_id) ?? []), r.tag]);
  return map;
}

export async function findSpotIdsOf(db: Knex, ids: number[]): Promise<Map<number, number[]>> {
  const rows: Array<{ coupon_id: number; spot_id: number }> = ids.length
    ? await db('coupon_spots').whereIn('coupon_id', ids).orderBy('spot_id')
    : [];
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(r.coupon_id, [...(map.get(r.coupon_id) ?? []), r.spot_id]);
  return map;
}

/** Which of these spot ids exist. */
export async function existingSpotIds(db: Knex, spotIds: number[]): Promise<number[]> {
  return (await db('spots').whereIn('id', spotIds).pluck('id')).map(Number);
}

/** Rows per statement in bulk writes: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * How a coupon's texts are stored: a row per locale that has a title; a locale's empty
 * description or discount is stored as a copy of the ja one (what visitors then see).
 */
export function translationsOf(input: Pick<AdminCouponInput, 'title' | 'description' | 'discount'>) {
  return LOCALES.flatMap((locale) => {
    const title = input.title[locale]?.trim();
    if (!title) return [];
    return [
      {
        locale,
        title,
        description: input.description[locale]?.trim() || (locale === 'ja' ? '' : input.description.ja),
        discount_text: input.discount[locale]?.trim() || input.discount.ja,
      },
    ];
  });
}

/** Writes the texts, spots and tags of coupons (after deleting their old ones when `replace`), in bulk. */
async function writeChildren(trx: Knex, items: Array<{ id: number; input: AdminCouponInput }>, replace: boolean) {
  if (items.length === 0) return;
  if (replace) {
    for (const part of chunks(items.map((i) => i.id))) {
      await trx('coupon_translations').whereIn('coupon_id', part).delete();
      await trx('coupon_spots').whereIn('coupon_id', part).delete();
      await trx('coupon_tags').whereIn('coupon_id', part).delete();
    }
  }
  const texts = items.flatMap(({ id, input }) => translationsOf(input).map((t) => ({ coupon_id: id, ...t })));
  const spots = items.flatMap(({ id, input }) =>
    [...new Set(input.spotIds)].map((spot_id) => ({ coupon_id: id, spot_id })),
  );
  const tags = items.flatMap(({ id, input }) => [...new Set(input.tags)].map((tag) => ({ coupon_id: id, tag })));
  for (const part of chunks(texts)) await trx('coupon_translations').insert(part);
  for (const part of chunks(spots)) await trx('coupon_spots').insert(part);
  for (const part of chunks(tags)) await trx('coupon_tags').insert(part);
}

const columns = (input: AdminCouponInput) => ({
  area: input.area,
  purpose: input.purpose,
  genre: input.genre,
  valid_from: input.validFrom,
  valid_to: input.validTo,
  published: input.published,
  line_point_amount: input.linePointAmount,
});

export async function insertCoupon(trx: Knex, input: AdminCouponInput, now: Date): Promise<number> {
  return (await insertCoupons(trx, [input], now))[0]!;
}

export async function updateCoupon(trx: Knex, id: number, input: AdminCouponInput, now: Date): Promise<void> {
  await trx('coupons')
    .where({ id })
    .update({ ...columns(input), updated_at: now.toISOString() });
  await writeChildren(trx, [{ id, input }], true);
}

/**
 * Inserts coupons with their texts, spots and tags (the caller's transaction), answering
 * their ids in input order. One insert per coupon: nothing else tells rows apart, and
 * RETURNING order of a multi-row insert is not guaranteed; the children go in bulk.
 */
export async function insertCoupons(trx: Knex, inputs: AdminCouponInput[], now: Date): Promise<number[]> {
  const stamp = now.toISOString();
  const ids: number[] = [];
  for (const input of inputs) {
    const [row] = await trx('coupons')
      .insert({ ...columns(input), created_at: stamp, updated_at: stamp })
      .returning('id');
    ids.push(Number(typeof row === 'object' ? row.id : row));
  }
  await writeChildren(
    trx,
    inputs.map((input, i) => ({ id: ids[i]!, input })),
    false,
  );
  return ids;
}

/**
 * Replaces the fields, texts, spots and tags of coupons that are not deleted (the caller's
 * transaction). Answers how many coupons it found: fewer than given means one was deleted
 * meanwhile, and the caller should roll back.
 */
export async function updateCoupons(
  trx: Knex,
  items: Array<{ id: number; input: AdminCouponInput }>,
  now: Date,
): Promise<number> {
  const stamp = now.toISOString();
  let found = 0;
  for (const { id, input } of items)
    found += toInt(
      await trx('coupons')
        .where({ id })
        .whereNull('deleted_at')
        .update({ ...columns(input), updated_at: stamp }),
    );
  await writeChildren(trx, items, true);
  return found;
}

/** A coupon as its admin form edits it, as stored: the audit log's "before", what an import compares with. */
export type CouponState = AdminCouponInput;

/** The stored state of the coupons with these ids that are not deleted, keyed by id. */
export async function findCouponStates(db: Knex, ids: number[]): Promise<Map<number, CouponState>> {
  const result = new Map<number, CouponState>();
  for (const part of chunks([...new Set(ids)], 500)) {
    const rows: AdminRaw[] = await db('coupons').whereIn('id', part).whereNull('deleted_at');
    const found = rows.map((r) => r.id);
    // One after another: inside a transaction every query shares one connection.
    const texts = await findAllTexts(db, found);
    const tags = await findTags(db, found);
    const spotIds = await findSpotIdsOf(db, found);
    for (const r of rows) {
      const t = texts.get(r.id) ?? { title: { ja: '' }, description: { ja: '' }, discount: { ja: '' } };
      result.set(r.id, {
        title: t.title,
        description: t.description,
        discount: t.discount,
        spotIds: spotIds.get(r.id) ?? [],
        area: r.area,
        purpose: r.purpose,
        genre: r.genre,
        tags: tags.get(r.id) ?? [],
        validFrom: r.valid_from,
        validTo: r.valid_to,
        published: toBool(r.published),
        linePointAmount: Number(r.line_point_amount),
      });
    }
  }
  return result;
}

/** Soft-deletes: the coupon disappears everywhere, its redemptions and stamps stay. */
export async function softDeleteCoupon(trx: Knex, id: number, now: Date): Promise<void> {
  await trx('coupons')
    .where({ id })
    .update({ deleted_at: now.toISOString(), published: false, updated_at: now.toISOString() });
}

/** Marks a coupon changed and points its list and detail pictures at its first image (or none). */
export async function refreshCouponPictures(
  trx: Knex,
  id: number,
  first: { url: string; smallUrl: string } | null,
  now: Date,
): Promise<void> {
  await trx('coupons')
    .where({ id })
    .update({ image_url: first?.smallUrl ?? null, image_large_url: first?.url ?? null, updated_at: now.toISOString() });
}

/** Tags in use with their counts, most used first; `q` narrows by prefix. */
export async function tagSuggestions(db: Knex, q: string | undefined, limit: number) {
  const query = db('coupon_tags as t')
    .join('coupons as c', 'c.id', 't.coupon_id')
    .whereNull('c.deleted_at')
    .select('t.tag')
    .count({ n: '*' })
    .groupBy('t.tag');
  if (q) query.whereRaw("lower(t.tag) like ? escape '\\'", [`${likePattern(q).slice(1)}`]);
  const rows = await query.orderBy('n', 'desc').orderBy('t.tag').limit(limit);
  return (rows as Array<{ tag: string; n: unknown }>).map((r) => ({ tag: String(r.tag), count: toInt(r.n) }));
}

export async function findImages(db: Knex, couponIds: number[]): Promise<ImageRow[]> {
  if (!couponIds.length) return [];
  const rows = await db('coupon_images').whereIn('coupon_id', couponIds).orderBy(['coupon_id', 'position']);
  return rows.map((r) => ({
    id: r.id,
    couponId: r.coupon_id,
    position: r.position,
    largeKey: r.large_key,
    smallKey: r.small_key,
    width: r.width,
    height: r.height,
  }));
}

export async function insertImages(
  trx: Knex,
  couponId: number,
  images: Array<Omit<ImageRow, 'id' | 'couponId' | 'position'>>,
  now: Date,
) {
  const last = await trx('coupon_images').where({ coupon_id: couponId }).max({ p: 'position' }).first();
  let position = last?.p === null || last?.p === undefined ? 0 : toInt(last.p) + 1;
  for (const img of images) {
    await trx('coupon_images').insert({
      coupon_id: couponId,
      position,
      large_key: img.largeKey,
      small_key: img.smallKey,
      width: img.width,
      height: img.height,
      created_at: now.toISOString(),
    });
    position += 1;
  }
}

/** Deletes images at list offsets (0-based, in position order) and closes the gaps; returns the removed rows. */
export async function deleteImagesAt(trx: Knex, couponId: number, offsets: number[]): Promise<ImageRow[]> {
  return removeAtOffsets(trx, 'coupon_images', await findImages(trx, [couponId]), offsets);
}

export async function redemptionCount(db: Knex, couponId: number): Promise<number> {
  const row = await db('redemptions').where({ coupon_id: couponId }).count({ n: '*' }).first();
  return toInt(row?.n);
}

export const normalise = {
  published: (r: AdminRaw) => toBool(r.published),
  createdAt: (r: AdminRaw) => toIso(r.created_at),
  updatedAt: (r: AdminRaw) => toIso(r.updated_at),
};
