import type { Knex } from 'knex';
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

export type ImageRow = { id: number; couponId: number; position: number; largeKey: string; smallKey: string; width: number; height: number };

/** Restricts a coupon query to coupons usable at one of these spots (shop staff). */
function scopeToSpots(query: Knex.QueryBuilder, db: Knex, spotIds: number[] | null) {
  if (spotIds) query.whereExists(db('coupon_spots as sc').whereRaw('sc.coupon_id = c.id').whereIn('sc.spot_id', spotIds.length ? spotIds : [-1]));
}

/** Admin list: search by ja title, shop name or store code, filters, status on JST day `today`, sort. */
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
      db('coupon_translations as ct').whereRaw('ct.coupon_id = c.id').andWhereRaw("lower(ct.title) like ? escape '\\'", [likePattern(q.title)]),
    );
  }
  if (q.shop) {
    const pattern = likePattern(q.shop);
    base.whereExists(
      db('coupon_spots as cs')
        .join('spots as s', 's.id', 'cs.spot_id')
        .join('spot_translations as st', 'st.spot_id', 's.id')
        .whereRaw('cs.coupon_id = c.id')
        .andWhere((w) => w.whereRaw("lower(st.name) like ? escape '\\'", [pattern]).orWhereRaw("lower(s.store_code) like ? escape '\\'", [pattern])),
    );
  }
  if (q.status === 'draft') base.andWhere('c.published', false);
  if (q.status === 'expired') base.andWhere('c.published', true).andWhere('c.valid_to', '<', today);
  if (q.status === 'scheduled') base.andWhere('c.published', true).andWhere('c.valid_from', '>', today);
  if (q.status === 'published') base.andWhere('c.published', true).andWhere('c.valid_from', '<=', today).andWhere('c.valid_to', '>=', today);

  const ordered = base.clone().select('c.*');
  if (q.sort === 'title') {
    ordered
      .leftJoin('coupon_translations as tj', function () {
        this.on('tj.coupon_id', '=', 'c.id').andOn('tj.locale', '=', db.raw('?', ['ja']));
      })
      .orderBy('tj.title', 'asc');
  } else if (q.sort === 'validTo') ordered.orderBy('c.valid_to', 'asc');
  else ordered.orderBy('c.created_at', q.sort === 'oldest' ? 'asc' : 'desc');
  ordered.orderBy('c.id', q.sort === 'oldest' ? 'asc' : 'desc').limit(q.limit).offset((q.page - 1) * q.limit);

  const [rows, countRow] = await Promise.all([ordered as Promise<AdminRaw[]>, base.clone().count({ n: '*' }).first()]);
  return { rows, total: toInt(countRow?.n) };
}

export async function findAdminRaw(db: Knex, id: number): Promise<AdminRaw | undefined> {
  return db('coupons').where({ id }).whereNull('deleted_at').first();
}

/** All locales' texts of some coupons: id -> { title, description, discount } per locale. */
export async function findAllTexts(db: Knex, ids: number[]) {
  const rows: Array<{ coupon_id: number; locale: Locale; title: string; description: string; discount_text: string }> = ids.length
    ? await db('coupon_translations').whereIn('coupon_id', ids)
    : [];
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
  const rows: Array<{ coupon_id: number; tag: string }> = ids.length ? await db('coupon_tags').whereIn('coupon_id', ids).orderBy('tag') : [];
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.coupon_id, [...(map.get(r.coupon_id) ?? []), r.tag]);
  return map;
}

export async function findSpotIdsOf(db: Knex, ids: number[]): Promise<Map<number, number[]>> {
  const rows: Array<{ coupon_id: number; spot_id: number }> = ids.length ? await db('coupon_spots').whereIn('coupon_id', ids).orderBy('spot_id') : [];
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(r.coupon_id, [...(map.get(r.coupon_id) ?? []), r.spot_id]);
  return map;
}

/** Which of these spot ids exist. */
export async function existingSpotIds(db: Knex, spotIds: number[]): Promise<number[]> {
  return (await db('spots').whereIn('id', spotIds).pluck('id')).map(Number);
}

function textRows(couponId: number, input: AdminCouponInput) {
  return LOCALES.flatMap((locale) => {
    const title = input.title[locale]?.trim();
    if (!title) return [];
    return [{ coupon_id: couponId, locale, title, description: input.description[locale]?.trim() || (locale === 'ja' ? '' : input.description.ja), discount_text: input.discount[locale]?.trim() || input.discount.ja }];
  });
}

async function writeChildren(trx: Knex, couponId: number, input: AdminCouponInput) {
  await trx('coupon_translations').where({ coupon_id: couponId }).delete();
  await trx('coupon_translations').insert(textRows(couponId, input));
  await trx('coupon_spots').where({ coupon_id: couponId }).delete();
  await trx('coupon_spots').insert([...new Set(input.spotIds)].map((spot_id) => ({ coupon_id: couponId, spot_id })));
  await trx('coupon_tags').where({ coupon_id: couponId }).delete();
  const tags = [...new Set(input.tags)];
  if (tags.length) await trx('coupon_tags').insert(tags.map((tag) => ({ coupon_id: couponId, tag })));
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
  const [row] = await trx('coupons')
    .insert({ ...columns(input), created_at: now.toISOString(), updated_at: now.toISOString() })
    .returning('id');
  const id = typeof row === 'object' ? row.id : row;
  await writeChildren(trx, id, input);
  return id;
}

export async function updateCoupon(trx: Knex, id: number, input: AdminCouponInput, now: Date): Promise<void> {
  await trx('coupons').where({ id }).update({ ...columns(input), updated_at: now.toISOString() });
  await writeChildren(trx, id, input);
}

/** Soft-deletes: the coupon disappears everywhere, its redemptions and stamps stay. */
export async function softDeleteCoupon(trx: Knex, id: number, now: Date): Promise<void> {
  await trx('coupons').where({ id }).update({ deleted_at: now.toISOString(), published: false, updated_at: now.toISOString() });
}

/** Marks a coupon changed and points its list and detail pictures at its first image (or none). */
export async function refreshCouponPictures(trx: Knex, id: number, first: { url: string; smallUrl: string } | null, now: Date): Promise<void> {
  await trx('coupons').where({ id }).update({ image_url: first?.smallUrl ?? null, image_large_url: first?.url ?? null, updated_at: now.toISOString() });
}

/** Tags in use with their counts, most used first; `q` narrows by prefix. */
export async function tagSuggestions(db: Knex, q: string | undefined, limit: number) {
  const query = db('coupon_tags as t').join('coupons as c', 'c.id', 't.coupon_id').whereNull('c.deleted_at').select('t.tag').count({ n: '*' }).groupBy('t.tag');
  if (q) query.whereRaw("lower(t.tag) like ? escape '\\'", [`${likePattern(q).slice(1)}`]);
  const rows = await query.orderBy('n', 'desc').orderBy('t.tag').limit(limit);
  return (rows as Array<{ tag: string; n: unknown }>).map((r) => ({ tag: String(r.tag), count: toInt(r.n) }));
}

export async function findImages(db: Knex, couponIds: number[]): Promise<ImageRow[]> {
  if (!couponIds.length) return [];
  const rows = await db('coupon_images').whereIn('coupon_id', couponIds).orderBy(['coupon_id', 'position']);
  return rows.map((r) => ({ id: r.id, couponId: r.coupon_id, position: r.position, largeKey: r.large_key, smallKey: r.small_key, width: r.width, height: r.height }));
}

export async function insertImages(trx: Knex, couponId: number, images: Array<Omit<ImageRow, 'id' | 'couponId' | 'position'>>, now: Date) {
  const last = await trx('coupon_images').where({ coupon_id: couponId }).max({ p: 'position' }).first();
  let position = last?.p === null || last?.p === undefined ? 0 : toInt(last.p) + 1;
  for (const img of images) {
    await trx('coupon_images').insert({ coupon_id: couponId, position, large_key: img.largeKey, small_key: img.smallKey, width: img.width, height: img.height, created_at: now.toISOString() });
    position += 1;
  }
}

/** Deletes images at list offsets (0-based, in position order) and closes the gaps; returns the removed rows. */
export async function deleteImagesAt(trx: Knex, couponId: number, offsets: number[]): Promise<ImageRow[]> {
  const images = await findImages(trx, [couponId]);
  const removed = offsets.map((o) => images[o]).filter((i): i is ImageRow => !!i);
  if (removed.length) await trx('coupon_images').whereIn('id', removed.map((r) => r.id)).delete();
  const kept = images.filter((i) => !removed.includes(i));
  // Renumber through negative positions first so the unique (coupon, position) index never clashes.
  for (const [i, img] of kept.entries()) await trx('coupon_images').where({ id: img.id }).update({ position: -1 - i });
  for (const [i, img] of kept.entries()) await trx('coupon_images').where({ id: img.id }).update({ position: i });
  return removed;
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
