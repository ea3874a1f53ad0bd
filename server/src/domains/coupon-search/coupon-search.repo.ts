import type { Knex } from 'knex';
import type { DerivedData } from '../../db/derived-data';
import { AREAS, LOCALES, PURPOSES } from '../../contracts/common';
import { isPostgres } from '../../db/dialect';
import { translator } from '../../i18n';
import { foldSearchText, keywordTerms, municipalityOf, termLength, TRIGRAM } from './fold';

/**
 * The search document of every coupon (issue 15): table `coupon_search_docs` (coupon_id,
 * doc, shop_names), both columns folded by foldSearchText, and `coupon_municipalities`
 * (the 市町村 of its spots' addresses). SQLite indexes the columns in the FTS5 table
 * `coupon_search_fts` (trigram tokenizer; triggers keep it in step with the docs table),
 * PostgreSQL in pg_trgm GIN indexes. Whoever changes a coupon, its texts, tags or spots, or a
 * spot's names or address, calls refreshCouponSearch in the same transaction.
 */

/** Spots per coupon whose names and addresses go into its document (a nationwide chain has thousands). */
export const DOC_SPOT_LIMIT = 500;
/** Coupons per batch of reads and writes: well under both databases' bound-parameter limits. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

let labels: { area: Map<string, string[]>; purpose: Map<string, string[]> } | undefined;
/** The area and purpose names in the five languages (locales/), read once. */
function labelsOf() {
  if (!labels) {
    const names = (prefix: string, keys: readonly string[]) =>
      new Map(keys.map((k) => [k, LOCALES.map((l) => translator(l)(`${prefix}.${k}`))]));
    labels = { area: names('areas', AREAS), purpose: names('purposes', PURPOSES) };
  }
  return labels;
}

type DocRow = { coupon_id: number; doc: string; shop_names: string };
type MuniRow = { coupon_id: number; municipality: string };

/**
 * Builds the documents of coupons from their rows: every locale's title, description and
 * discount; genre and tags; the coupon's area and purpose names in the five languages; and of
 * its spots (at most DOC_SPOT_LIMIT) every locale's name, the address, the municipality and
 * the genre. `shop_names` holds the spot names alone (the shop-name filter).
 */
export async function buildCouponDocs(db: Knex, ids: number[]): Promise<{ docs: DocRow[]; munis: MuniRow[] }> {
  const docs: DocRow[] = [];
  const munis: MuniRow[] = [];
  const { area, purpose } = labelsOf();
  for (const part of chunks(ids)) {
    // One after another: inside a transaction every query shares one connection.
    const coupons: Array<{ id: number; area: string; purpose: string; genre: string | null }> = await db('coupons')
      .whereIn('id', part)
      .select('id', 'area', 'purpose', 'genre');
    const texts: Array<{ coupon_id: number; title: string; description: string; discount_text: string }> = await db(
      'coupon_translations',
    )
      .whereIn('coupon_id', part)
      .select('coupon_id', 'title', 'description', 'discount_text');
    const tags: Array<{ coupon_id: number; tag: string }> = await db('coupon_tags')
      .whereIn('coupon_id', part)
      .select('coupon_id', 'tag');
    const links: Array<{ coupon_id: number; spot_id: number; address: string; genre: string | null }> = await db(
      'coupon_spots as cs',
    )
      .join('spots as s', 's.id', 'cs.spot_id')
      .whereIn('cs.coupon_id', part)
      .select('cs.coupon_id', 'cs.spot_id', 's.address', 's.genre')
      .orderBy('cs.spot_id');
    const spotsOf = new Map<number, typeof links>();
    for (const l of links) {
      const list = spotsOf.get(Number(l.coupon_id)) ?? [];
      if (list.length < DOC_SPOT_LIMIT) list.push(l);
      spotsOf.set(Number(l.coupon_id), list);
    }
    const spotIds = [...new Set([...spotsOf.values()].flat().map((l) => Number(l.spot_id)))];
    const spotNames = new Map<number, string[]>();
    for (const spotPart of chunks(spotIds)) {
      const rows: Array<{ spot_id: number; name: string }> = await db('spot_translations')
        .whereIn('spot_id', spotPart)
        .select('spot_id', 'name');
      for (const r of rows) spotNames.set(Number(r.spot_id), [...(spotNames.get(Number(r.spot_id)) ?? []), r.name]);
    }
    for (const c of coupons) {
      const id = Number(c.id);
      const spots = spotsOf.get(id) ?? [];
      const shopNames = spots.flatMap((s) => spotNames.get(Number(s.spot_id)) ?? []);
      const places = [...new Set(spots.map((s) => municipalityOf(s.address)).filter((m): m is string => !!m))];
      const parts = [
        ...texts.filter((t) => Number(t.coupon_id) === id).flatMap((t) => [t.title, t.description, t.discount_text]),
        c.genre ?? '',
        ...tags.filter((t) => Number(t.coupon_id) === id).map((t) => t.tag),
        ...(area.get(c.area) ?? []),
        ...(purpose.get(c.purpose) ?? []),
        ...shopNames,
        ...spots.flatMap((s) => [s.address, s.genre ?? '']),
        ...places,
      ];
      docs.push({
        coupon_id: id,
        doc: [...new Set(parts.map(foldSearchText).filter(Boolean))].join('\n'),
        shop_names: [...new Set(shopNames.map(foldSearchText))].join('\n'),
      });
      for (const m of places) munis.push({ coupon_id: id, municipality: m });
    }
  }
  return { docs, munis };
}

/**
 * Rewrites the search documents and municipalities of these coupons from their current rows
 * (the caller's transaction, so the document changes with what it describes). A coupon id
 * that no longer exists loses its document.
 */
export async function refreshCouponSearch(trx: Knex, couponIds: number[]): Promise<void> {
  const ids = [...new Set(couponIds.map(Number))];
  for (const part of chunks(ids)) {
    const { docs, munis } = await buildCouponDocs(trx, part);
    await trx('coupon_search_docs').whereIn('coupon_id', part).delete();
    await trx('coupon_municipalities').whereIn('coupon_id', part).delete();
    for (const rows of chunks(docs, 200)) await trx('coupon_search_docs').insert(rows);
    for (const rows of chunks(munis, 200)) await trx('coupon_municipalities').insert(rows);
  }
}

/** Refreshes the documents of every coupon usable at these spots (after a spot's names or address changed). */
export async function refreshCouponSearchOfSpots(trx: Knex, spotIds: number[]): Promise<void> {
  const ids: number[] = [];
  for (const part of chunks([...new Set(spotIds)])) {
    ids.push(...(await trx('coupon_spots').whereIn('spot_id', part).distinct().pluck('coupon_id')).map(Number));
  }
  await refreshCouponSearch(trx, ids);
}

/** Rebuilds every coupon's document (seeds, benchmarks, and COUPON_SEARCH_DATA at start). */
export async function rebuildCouponSearch(db: Knex): Promise<number> {
  const ids = (await db('coupons').orderBy('id').pluck('id')).map(Number);
  await refreshCouponSearch(db, ids);
  return ids.length;
}

/**
 * The search documents as derived data (db/derived-data.ts): the server rebuilds them all at
 * start when `version` differs from the stored one. Raise it whenever buildCouponDocs or
 * foldSearchText changes what a document holds.
 */
export const COUPON_SEARCH_DATA: DerivedData = { name: 'coupon_search', version: 1, rebuild: rebuildCouponSearch };

/** A folded term as an FTS5 phrase limited to one column: `{doc} : "…"` (quotes doubled). */
const ftsPhrase = (column: 'doc' | 'shop_names', term: string) => `{${column}} : "${term.replace(/"/g, '""')}"`;
/** A folded term as a LIKE pattern (PostgreSQL, with `escape '\'`). */
const likeAny = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * THE keyword search (issue 15): narrows `qb`, a query over `coupons as c`, to the coupons
 * whose search document holds every word of `keyword` and whose shop names hold every word
 * of `shop`. Both are folded with foldSearchText (as the documents were) and split on white
 * space; each word must appear as a substring (Japanese has no word boundaries).
 *
 * - A word of 3 or more characters goes through the database's trigram index: SQLite FTS5
 *   (`coupon_search_fts match '{doc} : "word"'`, tokenizer trigram), PostgreSQL pg_trgm
 *   (`doc like '%word%'` on the GIN index `gin_trgm_ops`).
 * - A word of 1 or 2 characters (阿蘇, 温泉, 湯) has no trigram, so neither index can find
 *   it: it is matched on the folded document itself, `instr(doc, word) > 0` on SQLite and
 *   `strpos(doc, word) > 0` on PostgreSQL, a scan of the documents of the coupons the other
 *   filters leave (fast on Kumamoto's thousands; on a nationwide catalogue combine it with a
 *   longer word or a filter).
 */
export function whereCouponText(qb: Knex.QueryBuilder, db: Knex, q: { keyword?: string; shop?: string }): void {
  const pg = isPostgres(db);
  const words = [
    ...keywordTerms(q.keyword ?? '').map((t) => ['doc', t] as const),
    ...keywordTerms(q.shop ?? '').map((t) => ['shop_names', t] as const),
  ];
  for (const [column, term] of words) {
    if (termLength(term) >= TRIGRAM) {
      if (pg)
        qb.whereIn(
          'c.id',
          db('coupon_search_docs')
            .select('coupon_id')
            .whereRaw(`?? like ? escape '\\'`, [column, likeAny(term)]),
        );
      else
        qb.whereRaw('c.id in (select rowid from coupon_search_fts where coupon_search_fts match ?)', [
          ftsPhrase(column, term),
        ]);
    } else {
      qb.whereIn(
        'c.id',
        db('coupon_search_docs')
          .select('coupon_id')
          .whereRaw(pg ? 'strpos(??, ?) > 0' : 'instr(??, ?) > 0', [column, term]),
      );
    }
  }
}
