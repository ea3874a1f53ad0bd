import type { Knex } from 'knex';
import {
  COUPON_CSV_COLUMNS,
  CSV_LIST_SEPARATOR,
  type CouponCsvColumn,
  type RankingQuery,
  type RankingRow,
} from '../../contracts/spots-admin';
import type { ListMeta } from '../../contracts/common';
import { protectCell } from '../../http/csv';
import type { StaffActor } from '../../http/context';
import { spotScopeOf } from '../spots';
import { findCouponsForExport, findRanking, type CouponExportRow } from './coupon-reports.repo';

/** Days in the ranking's default period, ending today (JST). */
export const DEFAULT_RANKING_DAYS = 30;

/** The JST date `days` before a JST date (`YYYY-MM-DD`). */
export function daysBefore(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * `GET /admincoupons/get/ranking` (issue 6; spec 2 admin "coupon ranking", spec 6 admin
 * endpoints): coupons by number of redemptions with a JST use date in [from, to] (default: the
 * 30 days ending `today`), most used first, with distinct visitors and a rank where ties share
 * a place; filtered by coupon area and purpose. Shop staff see coupons used at their spots,
 * counting only uses there. Titles in ja.
 */
export async function couponRanking(
  db: Knex,
  q: RankingQuery,
  caller: StaffActor,
  today: string,
): Promise<{ data: RankingRow[]; meta: ListMeta & { from: string; to: string } }> {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? daysBefore(to, DEFAULT_RANKING_DAYS - 1);
  const { rows, total } = await findRanking(
    db,
    { from, to, area: q.area, purpose: q.purpose, page: q.page, limit: q.limit },
    spotScopeOf(caller),
  );
  return { data: rows, meta: { page: q.page, limit: q.limit, total, from, to } };
}

function toCsvRow(c: CouponExportRow): Record<CouponCsvColumn, string> {
  return {
    id: String(c.id),
    title_ja: protectCell(c.title),
    description_ja: protectCell(c.description),
    discount_ja: protectCell(c.discount),
    store_codes: c.storeCodes.join(CSV_LIST_SEPARATOR),
    area: c.area,
    purpose: c.purpose,
    genre: protectCell(c.genre ?? ''),
    tags: protectCell(c.tags.join(CSV_LIST_SEPARATOR)),
    valid_from: c.validFrom,
    valid_to: c.validTo,
    published: c.published ? 'true' : 'false',
  };
}

/**
 * `GET /admincoupons/csv/export`: every coupon (shop staff: those usable at their spots) as
 * CSV rows of COUPON_CSV_COLUMNS, in id order, read 500 at a time.
 */
export async function* exportCouponRows(db: Knex, caller: StaffActor): AsyncGenerator<Record<CouponCsvColumn, string>> {
  const scope = spotScopeOf(caller);
  let after = 0;
  for (;;) {
    const page = await findCouponsForExport(db, scope, after, 500);
    for (const c of page) yield toCsvRow(c);
    if (page.length < 500) return;
    after = page[page.length - 1]!.id;
  }
}

export { COUPON_CSV_COLUMNS };
