import type { Knex } from 'knex';
import type { Area, Locale, Purpose } from '../../contracts/common';
import type { CouponSearchQuery } from '../../contracts/coupons';
import { toBool, toInt, toIso } from '../../db/dialect';
import { loadTranslations } from '../../db/translations';
import { applyCouponFilters, shownOn } from './coupons.search.repo';

export interface CouponRow {
  id: number;
  area: Area;
  purpose: Purpose;
  genre: string | null;
  imageUrl: string | null;
  imageLargeUrl: string | null;
  validFrom: string;
  validTo: string;
  published: boolean;
  title: string;
  description: string;
  discount: string;
  tags: string[];
  /** The language of title, description and discount: the one asked for, or ja standing in. */
  textLocale: Locale;
}

type Raw = {
  id: number;
  area: Area;
  purpose: Purpose;
  genre: string | null;
  image_url: string | null;
  image_large_url: string | null;
  valid_from: string;
  valid_to: string;
  published: unknown;
};
type Texts = { title: string; description: string; discount_text: string; locale: string };

async function present(db: Knex, rows: Raw[], locale: Locale): Promise<CouponRow[]> {
  const ids = rows.map((r) => r.id);
  const [texts, tagRows] = await Promise.all([
    loadTranslations<Texts>(db, 'coupon_translations', 'coupon_id', ids, locale),
    ids.length ? db('coupon_tags').whereIn('coupon_id', ids).orderBy('tag') : Promise.resolve([]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    area: r.area,
    purpose: r.purpose,
    genre: r.genre,
    imageUrl: r.image_url,
    imageLargeUrl: r.image_large_url,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    published: toBool(r.published),
    title: texts.get(r.id)?.title ?? '',
    description: texts.get(r.id)?.description ?? '',
    discount: texts.get(r.id)?.discount_text ?? '',
    tags: (tagRows as Array<{ coupon_id: number; tag: string }>).filter((t) => t.coupon_id === r.id).map((t) => t.tag),
    textLocale: texts.get(r.id)?.locale === locale ? locale : 'ja',
  }));
}

/**
 * Published coupons valid on JST day `day` matching the filters (applyCouponFilters: the
 * keyword through the coupon's search document, issue 15), newest first.
 * `favoritesOf`: only the favourites of that visitor (user id).
 */
export async function searchPublished(
  db: Knex,
  q: CouponSearchQuery,
  day: string,
  locale: Locale,
  favoritesOf?: number,
): Promise<{ rows: CouponRow[]; total: number }> {
  const base = shownOn(db, day);
  if (favoritesOf !== undefined)
    base.whereExists(db('coupon_favorites as f').whereRaw('f.coupon_id = c.id').andWhere('f.user_id', favoritesOf));
  applyCouponFilters(db, base, q);
  const [rows, countRow] = await Promise.all([
    base
      .clone()
      .select('c.*')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit) as Promise<Raw[]>,
    base.clone().count({ n: '*' }).first(),
  ]);
  return { rows: await present(db, rows, locale), total: toInt(countRow?.n) };
}

/** Up to `limit` published coupons valid on JST day `day` usable at spot `spotId`, newest first. */
export async function findPublishedAtSpot(
  db: Knex,
  spotId: number,
  day: string,
  locale: Locale,
  limit: number,
): Promise<CouponRow[]> {
  const rows: Raw[] = await db('coupons as c')
    .join('coupon_spots as cs', 'cs.coupon_id', 'c.id')
    .where('cs.spot_id', spotId)
    .whereNull('c.deleted_at')
    .where('c.published', true)
    .andWhere('c.valid_from', '<=', day)
    .andWhere('c.valid_to', '>=', day)
    .select('c.*')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit);
  return present(db, rows, locale);
}

/** A coupon by id, published or not, unless deleted; or undefined. */
export async function findCoupon(db: Knex, id: number, locale: Locale): Promise<CouponRow | undefined> {
  const row: Raw | undefined = await db('coupons').where({ id }).whereNull('deleted_at').first();
  return row ? (await present(db, [row], locale))[0] : undefined;
}

/** Titles of coupons in a locale (ja fallback), keyed by coupon id. */
export async function findTitles(db: Knex, ids: number[], locale: Locale): Promise<Map<number, string>> {
  const texts = await loadTranslations<Texts>(db, 'coupon_translations', 'coupon_id', ids, locale);
  return new Map([...texts].map(([id, t]) => [id, t.title]));
}

/** Whether the visitor has a redemption of the coupon used on JST day `usedOn` or received on JST day `receivedOn`. */
export async function hasRedemptionOn(
  db: Knex,
  userId: number,
  couponId: number,
  days: { usedOn: string; receivedOn: string },
): Promise<boolean> {
  const row = await db('redemptions')
    .where({ user_id: userId, coupon_id: couponId })
    .andWhere((w) => w.where('used_on', days.usedOn).orWhere('received_on', days.receivedOn))
    .first('id');
  return !!row;
}

export type NewRedemption = {
  userId: number;
  couponId: number;
  spotId: number;
  usedOn: string;
  /** JST day the server received the request (its clock, never the phone's `usedAt`). */
  receivedOn: string;
  usedAt: Date;
  latitude: number;
  longitude: number;
  accuracyM: number | null;
  distanceM: number;
  /** How presence was proven: GPS position or the shop's check-in code. */
  proof: 'gps' | 'check_in_code';
  idempotencyKey: string;
  now: Date;
};

/**
 * Inserts a redemption. The unique (user_id, coupon_id, used_on) and (user_id, coupon_id,
 * received_on) indexes refuse a second use pressed or received on the same JST day, even
 * from parallel requests.
 */
export async function insertRedemption(trx: Knex, r: NewRedemption): Promise<{ id: number; usedAt: string }> {
  const [row] = await trx('redemptions')
    .insert({
      user_id: r.userId,
      coupon_id: r.couponId,
      spot_id: r.spotId,
      used_on: r.usedOn,
      received_on: r.receivedOn,
      used_at: r.usedAt.toISOString(),
      latitude: r.latitude,
      longitude: r.longitude,
      accuracy_m: r.accuracyM,
      distance_m: r.distanceM,
      proof: r.proof,
      idempotency_key: r.idempotencyKey,
      created_at: r.now.toISOString(),
    })
    .returning(['id', 'used_at']);
  return { id: row.id, usedAt: toIso(row.used_at) };
}
