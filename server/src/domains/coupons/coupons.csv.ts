import { AdminCouponInput, type LocalisedTexts } from '../../contracts/admincoupons';
import { LOCALES } from '../../contracts/common';
import {
  COUPON_CSV_COLUMNS,
  COUPON_CSV_COLUMN_RULES,
  CSV_LIST_SEPARATOR,
  type CouponCsvColumn,
} from '../../contracts/spots-admin';
import { cellsOf, readCsvHeader, unprotectCell, type CsvRowProblem } from '../../http/csv';
import { translationsOf, type CouponState } from './coupons.admin.repo';

/**
 * The coupon CSV format (issue 6): one row per coupon, the columns of COUPON_CSV_COLUMNS as
 * `GET /admincoupons/csv/export` writes them, keyed by `id` (empty: a new coupon). Only the
 * ja texts are in the file; an update keeps the other languages. Pure functions: rows to
 * AdminCouponInput with row-numbered errors, and the comparison that finds unchanged rows.
 */

export const COUPON_CSV_HEADER: CouponCsvColumn[] = [...COUPON_CSV_COLUMNS];
const REQUIRED = new Set<string>(COUPON_CSV_COLUMN_RULES.filter((c) => c.required).map((c) => c.name));

/** Which columns a header row names: every required column, nothing unknown, nothing twice. */
export function readCouponHeader(header: string[]) {
  return readCsvHeader(header, COUPON_CSV_HEADER, REQUIRED);
}

/** The CSV column an AdminCouponInput field comes from (by the first part of a schema issue's path). */
const FIELD_COLUMN: Record<string, CouponCsvColumn> = {
  title: 'title_ja',
  description: 'description_ja',
  discount: 'discount_ja',
  spotIds: 'store_codes',
  area: 'area',
  purpose: 'purpose',
  genre: 'genre',
  tags: 'tags',
  validFrom: 'valid_from',
  validTo: 'valid_to',
  published: 'published',
};

/** The message of a schema issue whose own message is no `validation.*` key (AdminCouponInput leaves some out). */
const COLUMN_CODE: Partial<Record<CouponCsvColumn, string>> = {
  area: 'validation.area',
  purpose: 'validation.purpose',
  tags: 'validation.tags',
  valid_from: 'validation.date',
  valid_to: 'validation.date',
  published: 'validation.boolean',
};

const ORDER = new Map<string, number>(COUPON_CSV_HEADER.map((c, i) => [c, i]));

const text = (v: string | undefined) => (v === undefined ? undefined : unprotectCell(v));
/** A `|` separated cell as its values: trimmed, empty ones dropped, each once. */
const listCell = (v: string | undefined) => [
  ...new Set(
    unprotectCell(v ?? '')
      .split(CSV_LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Positive integer id of a cell (full-width digits read too), or undefined. */
export function couponIdOf(cell: string | undefined): number | undefined {
  const v = (cell ?? '').normalize('NFKC').trim();
  if (!/^\d{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/**
 * A JST date `YYYY-MM-DD` from a cell, also read as `YYYY/M/D` (what Japanese Excel writes
 * when it saves a file it opened) or with full-width digits; null when it is no real date.
 */
function dateOf(cell: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(cell.normalize('NFKC').trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * Texts of the languages other than ja as stored, to keep them on update. A description or
 * discount equal to the stored ja one is the copy made when that language left it empty
 * ("falls back to ja"): left out, so it follows the new ja text instead of keeping the old.
 */
function otherLocales(texts: LocalisedTexts | undefined, dropCopiesOfJa: boolean): Partial<LocalisedTexts> {
  const out: Partial<LocalisedTexts> = {};
  if (!texts) return out;
  for (const l of LOCALES) {
    if (l === 'ja' || texts[l] === undefined) continue;
    if (dropCopiesOfJa && texts[l] === texts.ja) continue;
    out[l] = texts[l];
  }
  return out;
}

/** A coupon of a good row: `id` for an update, none for a new coupon. */
export type CouponCsvRow = { row: number; id?: number; input: AdminCouponInput };

/**
 * Validates every data record of a coupon CSV file (records after the header) with the
 * rules of AdminCouponInput, the admin form's schema: ja title and discount required, a known
 * area and purpose, real JST dates with valid_from <= valid_to, published true or false, at
 * least one known store code, at most 20 tags. `stored` holds the coupons (not deleted) the
 * file's ids name, `spotIds` the spots its store codes name. Answers the coupons to write,
 * or every problem found, each with its row number (header = row 1), column and a
 * `validation.*` code. Columns the file leaves out keep a known coupon's stored values.
 */
export function validateCouponRows(
  records: string[][],
  columns: Array<CouponCsvColumn | null>,
  stored: Map<number, CouponState>,
  spotIds: Map<string, number>,
): { coupons: CouponCsvRow[]; errors: CsvRowProblem[] } {
  const coupons: CouponCsvRow[] = [];
  const errors: CsvRowProblem[] = [];
  const firstRowOf = new Map<number, number>();
  const width = columns.length;
  records.forEach((record, index) => {
    const row = index + 2;
    if (record.every((c) => c === '')) return; // a blank line between rows
    if (record.length > width && record.slice(width).some((c) => c !== '')) {
      errors.push({
        row,
        column: '',
        code: 'validation.columnCount',
        params: { expected: width, found: record.length },
      });
      return;
    }
    const cells = cellsOf(record, columns);
    const has = (c: CouponCsvColumn) => c in cells;
    const problems: CsvRowProblem[] = [];
    const problem = (column: string, code: string, params?: Record<string, string | number>) => {
      if (!problems.some((p) => p.column === column))
        problems.push({ row, column, code, ...(params ? { params } : {}) });
    };

    let id: number | undefined;
    let current: CouponState | undefined;
    const idCell = (cells.id ?? '').trim();
    if (idCell !== '') {
      id = couponIdOf(idCell);
      current = id === undefined ? undefined : stored.get(id);
      if (!current) problem('id', 'validation.couponId', { id: idCell });
      if (id !== undefined) {
        const first = firstRowOf.get(id);
        if (first !== undefined) problem('id', 'validation.duplicateIdInFile', { row: first });
        else firstRowOf.set(id, row);
      }
    }

    const codes = listCell(cells.store_codes);
    const unknown = codes.filter((c) => !spotIds.has(c));
    if (unknown.length) problem('store_codes', 'validation.unknownStoreCodes', { codes: unknown.join(', ') });

    const date = (column: 'valid_from' | 'valid_to') => {
      const cell = cells[column] ?? '';
      if (cell.trim() === '') {
        problem(column, 'validation.required');
        return undefined;
      }
      const iso = dateOf(cell);
      if (!iso) problem(column, 'validation.date');
      return iso ?? undefined;
    };
    const validFrom = date('valid_from');
    const validTo = date('valid_to');
    const publishedCell = (cells.published ?? '').normalize('NFKC').trim().toLowerCase();
    if (publishedCell === '') problem('published', 'validation.required');
    const published = publishedCell === 'true' ? true : publishedCell === 'false' ? false : publishedCell;

    const candidate = {
      title: { ...otherLocales(current?.title, false), ja: text(cells.title_ja) },
      description: {
        ...otherLocales(current?.description, true),
        ja: has('description_ja') ? text(cells.description_ja) : (current?.description.ja ?? ''),
      },
      discount: { ...otherLocales(current?.discount, true), ja: text(cells.discount_ja) },
      spotIds: [...new Set(codes.filter((c) => spotIds.has(c)).map((c) => spotIds.get(c)!))],
      area: cells.area?.trim().toLowerCase() || undefined,
      purpose: cells.purpose?.trim().toLowerCase() || undefined,
      genre: has('genre') ? text(cells.genre)?.trim() || null : (current?.genre ?? null),
      tags: has('tags') ? listCell(cells.tags) : (current?.tags ?? []),
      // A date already found wrong stands in as the other one: its problem is recorded, and the
      // period order is only checked between two real dates.
      validFrom: validFrom ?? validTo ?? '2000-01-01',
      validTo: validTo ?? validFrom ?? '2000-01-01',
      published,
      linePointAmount: current?.linePointAmount ?? 0,
    };
    const parsed = AdminCouponInput.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = FIELD_COLUMN[String(issue.path[0])] ?? '';
        if (unknown.length && column === 'store_codes') continue; // already named the unknown codes
        let code = issue.message.startsWith('validation.')
          ? issue.message
          : (COLUMN_CODE[column as CouponCsvColumn] ?? 'validation.invalid');
        if (issue.code === 'too_big' && !COLUMN_CODE[column as CouponCsvColumn] && column !== 'store_codes')
          code = 'validation.tooLong';
        problem(column, code);
      }
    }
    if (problems.length) {
      errors.push(...problems.sort((a, b) => (ORDER.get(a.column) ?? -1) - (ORDER.get(b.column) ?? -1)));
      return;
    }
    coupons.push({ row, ...(id !== undefined ? { id } : {}), input: parsed.data! });
  });
  return { coupons, errors };
}

/** The translation rows a coupon has in the database (every text as stored). */
function storedTranslations(c: CouponState) {
  return LOCALES.filter((l) => c.title[l] !== undefined).map((locale) => ({
    locale,
    title: c.title[locale]!,
    description: c.description[locale] ?? '',
    discount_text: c.discount[locale] ?? '',
  }));
}

function canonical(c: AdminCouponInput, texts: unknown) {
  return JSON.stringify([
    texts,
    [...new Set(c.spotIds)].sort((a, b) => a - b),
    c.area,
    c.purpose,
    c.genre?.trim() || null,
    [...new Set(c.tags)].sort(),
    c.validFrom,
    c.validTo,
    c.published,
    c.linePointAmount,
  ]);
}

/** Whether writing `next` would leave the stored coupon as it is (such an imported row is left alone). */
export function sameCoupon(stored: CouponState, next: AdminCouponInput): boolean {
  return canonical(stored, storedTranslations(stored)) === canonical(next, translationsOf(next));
}

/**
 * Example rows of the template (GET /admincoupons/csv/template?example=true): new coupons
 * (no id) at the spot template's example store codes; delete them before importing.
 */
export const COUPON_CSV_EXAMPLES: Array<Record<CouponCsvColumn, string>> = [
  {
    id: '',
    title_ja: 'ランチセット10%オフ',
    description_ja: '平日11時〜14時のランチセットが10%オフになります。\n他の割引との併用はできません。',
    discount_ja: '10%オフ',
    store_codes: 'example-0001',
    area: 'city',
    purpose: 'gourmet',
    genre: 'ランチ',
    tags: 'ランチ|平日限定',
    valid_from: '2026-11-01',
    valid_to: '2027-01-31',
    published: 'false',
  },
  {
    id: '',
    title_ja: '日帰り入浴100円引き',
    description_ja: '',
    discount_ja: '100円引き',
    store_codes: 'example-0001|example-0002',
    area: 'aso',
    purpose: 'spa',
    genre: '温泉',
    tags: '温泉',
    valid_from: '2026-11-01',
    valid_to: '2027-03-31',
    published: 'true',
  },
];
