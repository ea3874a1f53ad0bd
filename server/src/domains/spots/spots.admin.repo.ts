import type { Knex } from 'knex';
import {
  LOCALES,
  TRANSLATED_LOCALES,
  type Area,
  type Locale,
  type Purpose,
  type TranslatedLocale,
} from '../../contracts/common';
import type { SpotAdmin, SpotAdminQuery, SpotAdminRow, SpotNames, SpotPickerItem } from '../../contracts/spots-admin';
import { toInt, toIso } from '../../db/dialect';
import { likePattern, loadTranslations } from '../../db/translations';
import { newCheckInCode } from './check-in-code';

/** What an admin edits of a spot, as stored: the audit log's before and after, a CSV row. */
export interface SpotRecord {
  storeCode: string;
  names: SpotNames;
  address: string;
  latitude: number;
  longitude: number;
  area: Area;
  purpose: Purpose;
  genre: string | null;
  usableRangeM: number;
}

/** Which spots a caller sees: every spot (admins), or these ids (shop staff). */
export type SpotScope = { all: true } | { all: false; spotIds: number[] };

type Raw = {
  id: number;
  store_code: string;
  address: string;
  latitude: number;
  longitude: number;
  area: Area;
  purpose: Purpose;
  genre: string | null;
  usable_range_m: number;
  created_at: unknown;
  updated_at: unknown;
};

/** Rows per statement in bulk writes: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function scoped(query: Knex.QueryBuilder, scope: SpotScope, column = 's.id') {
  if (!scope.all) query.whereIn(column, scope.spotIds);
  return query;
}

function matching(db: Knex, query: Knex.QueryBuilder, q: string | undefined) {
  if (!q) return query;
  const pattern = likePattern(q);
  return query.andWhere((w) =>
    w
      .whereRaw("lower(s.store_code) like ? escape '\\'", [pattern])
      .orWhereRaw("lower(s.address) like ? escape '\\'", [pattern])
      .orWhereExists(
        db('spot_translations as st')
          .whereRaw('st.spot_id = s.id')
          .andWhereRaw("lower(st.name) like ? escape '\\'", [pattern]),
      ),
  );
}

const SORTS: Record<SpotAdminQuery['sort'], [string, 'asc' | 'desc']> = {
  storeCode: ['s.store_code', 'asc'],
  '-storeCode': ['s.store_code', 'desc'],
  id: ['s.id', 'asc'],
  '-id': ['s.id', 'desc'],
  updatedAt: ['s.updated_at', 'asc'],
  '-updatedAt': ['s.updated_at', 'desc'],
};

/** The languages of TRANSLATED_LOCALES a spot has no name in, given the locales it has. */
const missingOf = (has: Iterable<string>): TranslatedLocale[] => {
  const set = new Set(has);
  return TRANSLATED_LOCALES.filter((l) => !set.has(l));
};

function toRow(
  r: Raw & { coupon_count?: unknown },
  name: string | undefined,
  missingLocales: TranslatedLocale[],
): SpotAdminRow {
  return {
    id: r.id,
    storeCode: r.store_code,
    name: name ?? r.store_code,
    address: r.address,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    area: r.area,
    purpose: r.purpose,
    genre: r.genre,
    usableRangeM: toInt(r.usable_range_m),
    couponCount: toInt(r.coupon_count ?? 0),
    missingLocales,
    updatedAt: toIso(r.updated_at),
  };
}

/** Subquery: the coupons usable at spot `s` that are not deleted (any other state counts). */
function couponCount(db: Knex) {
  return db('coupon_spots as cs')
    .join('coupons as c', 'c.id', 'cs.coupon_id')
    .whereRaw('cs.spot_id = s.id')
    .whereNull('c.deleted_at')
    .count('*')
    .as('coupon_count');
}

/** A page of spots for the admin list, filtered and sorted, with names in the locale and the languages missing. */
export async function findSpotsPage(
  db: Knex,
  q: SpotAdminQuery,
  scope: SpotScope,
  locale: Locale,
): Promise<{ rows: SpotAdminRow[]; total: number }> {
  const base = scoped(db('spots as s'), scope);
  matching(db, base, q.q);
  if (q.area) base.andWhere('s.area', q.area);
  if (q.purpose) base.andWhere('s.purpose', q.purpose);
  if (q.genre) base.andWhere('s.genre', q.genre);
  if (q.missing)
    base.whereNotExists(db('spot_translations as mt').whereRaw('mt.spot_id = s.id').andWhere('mt.locale', q.missing));
  const [column, direction] = SORTS[q.sort];
  const [rows, countRow] = await Promise.all([
    base
      .clone()
      .select('s.*', couponCount(db))
      .orderBy(column, direction)
      .orderBy('s.id', direction)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit) as Promise<Array<Raw & { coupon_count: unknown }>>,
    base.clone().count({ n: '*' }).first(),
  ]);
  const ids = rows.map((r) => r.id);
  const [names, written] = await Promise.all([
    loadTranslations<{ name: string }>(db, 'spot_translations', 'spot_id', ids, locale),
    ids.length
      ? (db('spot_translations').whereIn('spot_id', ids).select('spot_id', 'locale') as Promise<
          Array<{ spot_id: number; locale: string }>
        >)
      : [],
  ]);
  const localesOf = (id: number) => written.filter((w) => Number(w.spot_id) === id).map((w) => w.locale);
  return {
    rows: rows.map((r) => toRow(r, names.get(r.id)?.name, missingOf(localesOf(r.id)))),
    total: toInt(countRow?.n),
  };
}

/** Id, store code and name (in the locale) of the matching spots, by store code, at most `limit`. */
export async function findSpotPicks(
  db: Knex,
  q: { q?: string; limit: number },
  scope: SpotScope,
  locale: Locale,
): Promise<{ rows: SpotPickerItem[]; total: number }> {
  const base = matching(db, scoped(db('spots as s'), scope), q.q);
  const [rows, countRow] = await Promise.all([
    base.clone().select('s.id', 's.store_code').orderBy('s.store_code').limit(q.limit) as Promise<
      Array<{ id: number; store_code: string }>
    >,
    base.clone().count({ n: '*' }).first(),
  ]);
  const names = await loadTranslations<{ name: string }>(
    db,
    'spot_translations',
    'spot_id',
    rows.map((r) => r.id),
    locale,
  );
  return {
    rows: rows.map((r) => ({ id: r.id, storeCode: r.store_code, name: names.get(r.id)?.name ?? r.store_code })),
    total: toInt(countRow?.n),
  };
}

async function namesOf(db: Knex, ids: number[]): Promise<Map<number, SpotNames>> {
  const result = new Map<number, SpotNames>();
  for (const part of chunks(ids)) {
    const rows: Array<{ spot_id: number; locale: Locale; name: string }> = await db('spot_translations').whereIn(
      'spot_id',
      part,
    );
    for (const r of rows) {
      const names = result.get(r.spot_id) ?? ({ ja: '' } as SpotNames);
      names[r.locale] = r.name;
      result.set(r.spot_id, names);
    }
  }
  return result;
}

/** Orders the names as LOCALES does and leaves absent ones out (stable audit and CSV output). */
function tidyNames(names: SpotNames | undefined): SpotNames {
  const out = { ja: names?.ja ?? '' } as SpotNames;
  for (const locale of LOCALES) if (locale !== 'ja' && names?.[locale]) out[locale] = names[locale];
  return out;
}

function toRecord(r: Raw, names: SpotNames | undefined): SpotRecord {
  return {
    storeCode: r.store_code,
    names: tidyNames(names),
    address: r.address,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    area: r.area,
    purpose: r.purpose,
    genre: r.genre,
    usableRangeM: toInt(r.usable_range_m),
  };
}

/** One spot with every stored name, or undefined. */
export async function findSpotAdmin(db: Knex, id: number, locale: Locale): Promise<SpotAdmin | undefined> {
  const row = (await db('spots as s').where('s.id', id).select('s.*', couponCount(db)).first()) as
    (Raw & { coupon_count: unknown }) | undefined;
  if (!row) return undefined;
  const names = tidyNames((await namesOf(db, [id])).get(id));
  return {
    ...toRow(row, names[locale] ?? names.ja, missingOf(Object.keys(names).filter((l) => names[l as Locale]))),
    names,
    createdAt: toIso(row.created_at),
  };
}

/** The editable state of one spot (for the audit log's "before"), or undefined. */
export async function findSpotRecord(db: Knex, id: number): Promise<SpotRecord | undefined> {
  const row: Raw | undefined = await db('spots').where({ id }).first();
  if (!row) return undefined;
  return toRecord(row, (await namesOf(db, [id])).get(id));
}

/** The editable state of the spots with these store codes, keyed by store code. */
export async function findSpotRecordsByStoreCode(
  db: Knex,
  codes: string[],
): Promise<Map<string, SpotRecord & { id: number }>> {
  const raws: Raw[] = [];
  for (const part of chunks([...new Set(codes)])) raws.push(...(await db('spots').whereIn('store_code', part)));
  const names = await namesOf(
    db,
    raws.map((r) => r.id),
  );
  return new Map(raws.map((r) => [r.store_code, { id: r.id, ...toRecord(r, names.get(r.id)) }]));
}

/** The id of the spot with a store code, or undefined. */
export async function findSpotIdByStoreCode(db: Knex, storeCode: string): Promise<number | undefined> {
  const row = await db('spots').where({ store_code: storeCode }).first('id');
  return row?.id;
}

function columnsOf(s: SpotRecord) {
  return {
    store_code: s.storeCode,
    address: s.address,
    latitude: s.latitude,
    longitude: s.longitude,
    area: s.area,
    purpose: s.purpose,
    genre: s.genre,
    usable_range_m: s.usableRangeM,
  };
}

function nameRows(spotId: number, names: SpotNames) {
  return LOCALES.filter((l) => names[l]).map((locale) => ({ spot_id: spotId, locale, name: names[locale]! }));
}

/**
 * Inserts spots with their names (the caller's transaction), answering their ids by store
 * code; each gets its secret check-in code now, so the store code entry works from day one.
 * A store code already taken violates the unique index.
 */
export async function insertSpots(trx: Knex, spots: SpotRecord[], now: Date): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const stamp = now.toISOString();
  for (const part of chunks(spots)) {
    // RETURNING order is not guaranteed (SQLite says so): match the ids by store code.
    const rows: Array<{ id: number; store_code: string }> = await trx('spots')
      .insert(part.map((s) => ({ ...columnsOf(s), qr_code: newCheckInCode(), created_at: stamp, updated_at: stamp })))
      .returning(['id', 'store_code']);
    for (const r of rows) ids.set(r.store_code, r.id);
  }
  const names = spots.flatMap((s) => nameRows(ids.get(s.storeCode)!, s.names));
  for (const part of chunks(names)) await trx('spot_translations').insert(part);
  return ids;
}

/** Replaces a spot's fields and names (the caller's transaction); a taken store code violates the unique index. */
export async function updateSpots(trx: Knex, spots: Array<SpotRecord & { id: number }>, now: Date): Promise<void> {
  if (spots.length === 0) return;
  const stamp = now.toISOString();
  for (const s of spots)
    await trx('spots')
      .where({ id: s.id })
      .update({ ...columnsOf(s), updated_at: stamp });
  for (const part of chunks(spots.map((s) => s.id))) await trx('spot_translations').whereIn('spot_id', part).delete();
  const names = spots.flatMap((s) => nameRows(s.id, s.names));
  for (const part of chunks(names)) await trx('spot_translations').insert(part);
}

/** Spots in id order after `afterId`, at most `limit`, as records with every name (CSV export). */
export async function findSpotRecordsAfter(
  db: Knex,
  scope: SpotScope,
  afterId: number,
  limit: number,
): Promise<Array<SpotRecord & { id: number }>> {
  const rows: Raw[] = await scoped(db('spots as s'), scope)
    .where('s.id', '>', afterId)
    .orderBy('s.id')
    .limit(limit)
    .select('s.*');
  const names = await namesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, ...toRecord(r, names.get(r.id)) }));
}

/** A spot's secret check-in code, or null when none was issued yet; undefined when there is no such spot. */
export async function findQrCode(db: Knex, spotId: number): Promise<string | null | undefined> {
  const row: { qr_code: string | null } | undefined = await db('spots').where({ id: spotId }).first('qr_code');
  return row ? row.qr_code : undefined;
}

/**
 * Stores a check-in code: only where none is set (`onlyIfMissing`, so two first requests
 * agree on one code), or replacing the current one (rotation).
 */
export async function storeQrCode(db: Knex, spotId: number, code: string, onlyIfMissing: boolean): Promise<void> {
  const q = db('spots').where({ id: spotId });
  if (onlyIfMissing) q.whereNull('qr_code');
  await q.update({ qr_code: code });
}
