import { timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import QRCode from 'qrcode';
import type { ListMeta, Locale } from '../../contracts/common';
import {
  ADMIN_ONLY_SPOT_FIELDS,
  type SpotAdmin,
  type SpotAdminQuery,
  type SpotAdminRow,
  type SpotImportResult,
  type SpotInput,
  type SpotPickerItem,
  type SpotQr,
} from '../../contracts/spots-admin';
import { isUniqueViolation } from '../../db/dialect';
import { assertCsvHeader, CsvFileError, csvRowsError, decodeCsv, parseCsv } from '../../http/csv';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors';
import type { StaffActor } from '../../http/context';
import { recordAudit } from '../audit';
import { refreshCouponSearchOfSpots } from '../coupon-search';
import { actingStaff } from '../staff';
import {
  findQrCode,
  findSpotAdmin,
  findSpotIdByStoreCode,
  findSpotPicks,
  findSpotRecord,
  findSpotRecordsAfter,
  findSpotRecordsByStoreCode,
  findSpotsPage,
  insertSpots,
  storeQrCode,
  updateSpots,
  type SpotRecord,
  type SpotScope,
} from './spots.admin.repo';
import { newCheckInCode } from './check-in-code';
import { readSpotHeader, sameSpot, spotToCsvRow, validateSpotRows } from './spots.csv';

/** Most data rows one spot CSV file may hold (a prefecture's shops with room to spare). */
export const SPOT_CSV_MAX_ROWS = 5000;

/** Which spots a staff member sees: admins every spot, shop staff the spots of their account. */
export function spotScopeOf(caller: StaffActor): SpotScope {
  return caller.role === 'admin' ? { all: true } : { all: false, spotIds: caller.spotIds };
}

/**
 * The spot rule of the admin area: shop staff may only see and change their own spots.
 * @throws ForbiddenError NOT_YOUR_SPOT (403) for shop staff and a spot not theirs (existing or not)
 */
export function assertSpotInScope(caller: StaffActor, spotId: number): void {
  const scope = spotScopeOf(caller);
  if (!scope.all && !scope.spotIds.includes(spotId)) throw new ForbiddenError('NOT_YOUR_SPOT');
}

/**
 * Spec 7 `GET /spots` (admin list): spots matching `q` (a name in any language, the store
 * code or the address), area, purpose and genre, sorted, one page; names in `locale`.
 * Shop staff see only their own spots.
 */
export async function listSpotsForAdmin(
  db: Knex,
  q: SpotAdminQuery,
  caller: StaffActor,
  locale: Locale,
): Promise<{ data: SpotAdminRow[]; meta: ListMeta }> {
  const { rows, total } = await findSpotsPage(db, q, spotScopeOf(caller), locale);
  return { data: rows, meta: { page: q.page, limit: q.limit, total } };
}

/**
 * Spec 7 `GET /spots/list` (pickers): id, store code and name of every visible spot
 * matching `q`, by store code, at most `limit`; `meta.total` counts all matches.
 */
export async function listSpotPicks(
  db: Knex,
  q: { q?: string; limit: number },
  caller: StaffActor,
  locale: Locale,
): Promise<{ data: SpotPickerItem[]; meta: ListMeta }> {
  const { rows, total } = await findSpotPicks(db, q, spotScopeOf(caller), locale);
  return { data: rows, meta: { page: 1, limit: q.limit, total } };
}

/**
 * `GET /spots/{id}`: one spot with every stored name, for its edit form.
 * @throws ForbiddenError NOT_YOUR_SPOT (403) for shop staff and a spot not theirs (existing or not)
 * @throws NotFoundError SPOT_NOT_FOUND (404)
 */
export async function spotForAdmin(db: Knex, id: number, caller: StaffActor, locale: Locale): Promise<SpotAdmin> {
  assertSpotInScope(caller, id);
  const spot = await findSpotAdmin(db, id, locale);
  if (!spot) throw new NotFoundError('SPOT_NOT_FOUND');
  return spot;
}

function recordOf(input: SpotInput): SpotRecord {
  const names = { ja: input.names.ja } as SpotRecord['names'];
  for (const l of ['en', 'ko', 'zh-cn', 'zh-tw'] as const) if (input.names[l]) names[l] = input.names[l];
  return {
    storeCode: input.storeCode,
    names,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    area: input.area,
    purpose: input.purpose,
    genre: input.genre,
    usableRangeM: input.usableRangeM,
  };
}

/**
 * Spec 7 `POST /storeadmininfos` and `PUT /spots/{id}`: creates a spot (no `id`; admins
 * only) or replaces one (`id`): store code, names per locale (ja required), address,
 * WGS84 position, area, purpose, genre and usable range in metres. Shop staff may edit
 * their own spots but not the fields that decide where coupons count as used (store code,
 * latitude, longitude, usable range). The write and its audit entry share one transaction.
 * @throws ForbiddenError SPOT_CREATE_ADMIN_ONLY, NOT_YOUR_SPOT (another shop's spot), SPOT_FIELDS_ADMIN_ONLY (403)
 * @throws NotFoundError SPOT_NOT_FOUND (404)
 * @throws ConflictError STORE_CODE_TAKEN (409)
 */
export async function saveSpot(
  db: Knex,
  a: { id?: number; input: SpotInput; caller: StaffActor; requestId?: string; now: Date; locale: Locale },
): Promise<{ created: boolean; spot: SpotAdmin }> {
  const actor = actingStaff(a.caller, a.requestId);
  const next = recordOf(a.input);
  if (a.id === undefined && actor.role !== 'admin') throw new ForbiddenError('SPOT_CREATE_ADMIN_ONLY');
  if (a.id !== undefined) assertSpotInScope(actor, a.id);
  let id: number;
  try {
    id = await db.transaction(async (trx) => {
      const taken = await findSpotIdByStoreCode(trx, next.storeCode);
      if (taken !== undefined && taken !== a.id) throw new ConflictError('STORE_CODE_TAKEN');
      if (a.id === undefined) {
        const created = (await insertSpots(trx, [next], a.now)).get(next.storeCode)!;
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'spot',
          entityId: created,
          before: null,
          after: next,
          now: a.now,
        });
        return created;
      }
      const before = await findSpotRecord(trx, a.id);
      if (!before) throw new NotFoundError('SPOT_NOT_FOUND');
      if (actor.role !== 'admin') {
        const changed = ADMIN_ONLY_SPOT_FIELDS.filter((f) => before[f] !== next[f]);
        if (changed.length)
          throw new AppError(403, 'SPOT_FIELDS_ADMIN_ONLY', undefined, { fields: changed.join(', ') });
      }
      if (!sameSpot(before, next)) {
        await updateSpots(trx, [{ id: a.id, ...next }], a.now);
        // Its coupons' search documents hold its names and address (issue 15).
        await refreshCouponSearchOfSpots(trx, [a.id]);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'spot',
          entityId: a.id,
          before,
          after: next,
          now: a.now,
        });
      }
      return a.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('STORE_CODE_TAKEN');
    throw err;
  }
  return { created: a.id === undefined, spot: (await findSpotAdmin(db, id, a.locale))! };
}

/* ----------------------------------------------------------------------------------------
 * QR codes. A spot's QR code links to `/collect-points-qr/{id}/?code=...`, where the code is
 * the spot's own secret check-in code, not its store code: store codes are public (coupon
 * details show them, CSV files carry them), so anyone could type one in from home. The
 * secret is printed only at the counter, set when the spot is created (check-in-code.ts),
 * and can be rotated when a photo of it leaks.
 * ---------------------------------------------------------------------------------------- */

/**
 * The spot's check-in code. Every spot written by the app has one from its creation (and
 * the 20261125 migration gave the older ones theirs); a row inserted by hand without one
 * gets it here (two first requests agree on one).
 */
async function ensureQrCode(db: Knex, spotId: number): Promise<string> {
  const current = await findQrCode(db, spotId);
  if (current === undefined) throw new NotFoundError('SPOT_NOT_FOUND');
  if (current) return current;
  await storeQrCode(db, spotId, newCheckInCode(), true);
  return (await findQrCode(db, spotId))!;
}

/** The URL a spot's QR code encodes: `{origin}/collect-points-qr/{spotId}/?code={code}` (spec 2 route). */
export function collectPointsUrl(origin: string, spotId: number, code: string): string {
  return `${origin.replace(/\/+$/, '')}/collect-points-qr/${spotId}/?code=${encodeURIComponent(code)}`;
}

const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 4 };

/**
 * Spec 7 `/coupons/get/spot/qrcode`: the printable QR code of a spot, encoding the absolute
 * URL of `/collect-points-qr/{id}/?code=<check-in code>` on `origin`. As JSON (`{spot,
 * code, url, dataUrl}` with a PNG `size` pixels wide), or the SVG or PNG image itself.
 * @throws ForbiddenError NOT_YOUR_SPOT (403) for shop staff and a spot not theirs
 * @throws NotFoundError SPOT_NOT_FOUND (404)
 */
export async function spotQrCode(
  db: Knex,
  a: {
    spotId: number;
    caller: StaffActor;
    origin: string;
    format: 'json' | 'svg' | 'png';
    size: number;
    locale: Locale;
  },
): Promise<
  | { kind: 'json'; qr: SpotQr }
  | { kind: 'svg'; body: string; storeCode: string }
  | { kind: 'png'; body: Buffer; storeCode: string }
> {
  const spot = await spotForAdmin(db, a.spotId, a.caller, a.locale);
  const code = await ensureQrCode(db, a.spotId);
  const url = collectPointsUrl(a.origin, a.spotId, code);
  if (a.format === 'svg')
    return { kind: 'svg', body: await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }), storeCode: spot.storeCode };
  if (a.format === 'png')
    return {
      kind: 'png',
      body: await QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: a.size }),
      storeCode: spot.storeCode,
    };
  const dataUrl = await QRCode.toDataURL(url, { ...QR_OPTIONS, type: 'image/png', width: a.size });
  return { kind: 'json', qr: { spotId: spot.id, storeCode: spot.storeCode, name: spot.name, code, url, dataUrl } };
}

/**
 * Issues a new check-in code for a spot, so printed QR codes with the old one stop working
 * (a photo of the counter's code leaked). Recorded in the audit log without the codes.
 * @throws ForbiddenError NOT_YOUR_SPOT (403) for shop staff and a spot not theirs
 * @throws NotFoundError SPOT_NOT_FOUND (404)
 */
export async function rotateSpotQrCode(
  db: Knex,
  a: { spotId: number; caller: StaffActor; origin: string; requestId?: string; now: Date; locale: Locale },
): Promise<SpotQr> {
  const actor = actingStaff(a.caller, a.requestId);
  assertSpotInScope(actor, a.spotId);
  await db.transaction(async (trx) => {
    if ((await findQrCode(trx, a.spotId)) === undefined) throw new NotFoundError('SPOT_NOT_FOUND');
    await storeQrCode(trx, a.spotId, newCheckInCode(), false);
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'spot',
      entityId: a.spotId,
      before: { qrCode: 'previous' },
      after: { qrCode: 'rotated' },
      now: a.now,
    });
  });
  const result = await spotQrCode(db, { ...a, format: 'json', size: 512 });
  return (result as { qr: SpotQr }).qr;
}

/**
 * Whether `code` is the spot's current check-in code: the proof of presence for collecting
 * points (spec 2 `/collect-points-qr/{id}/`) and for the store code entry that replaces GPS
 * (issue 5). Case-insensitive, constant-time; false for unknown spots and spots without a code.
 */
export async function verifySpotCheckInCode(db: Knex, spotId: number, code: string): Promise<boolean> {
  const current = await findQrCode(db, spotId);
  if (!current) return false;
  const a = Buffer.from(current.toUpperCase());
  const b = Buffer.from(code.trim().toUpperCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/* ----------------------------------------------------------------------------------------
 * CSV export and import.
 * ---------------------------------------------------------------------------------------- */

/**
 * `GET /spots/csv/export`: every visible spot (shop staff: their own) as CSV rows of
 * SPOT_CSV_COLUMNS, in id order, read 500 at a time.
 */
export async function* exportSpotRows(db: Knex, caller: StaffActor) {
  const scope = spotScopeOf(caller);
  let after = 0;
  for (;;) {
    const page = await findSpotRecordsAfter(db, scope, after, 500);
    for (const spot of page) yield spotToCsvRow(spot);
    if (page.length < 500) return;
    after = page[page.length - 1]!.id;
  }
}

/** Moved to http/csv (the coupon import throws it too); still exported from here for existing importers. */
export { CsvRowsError } from '../../http/csv';

/**
 * `POST /spots/csv/import` (admins): reads a spot CSV file (UTF-8 or Shift_JIS), validates
 * every row first with the admin form's rules, and then, only if all rows are good, creates
 * the spots with new store codes and replaces those with known ones, in ONE transaction with
 * an audit entry per changed spot. Rows that change nothing are left alone.
 * @throws CsvFileError (400) CSV_FILE_REQUIRED, CSV_MALFORMED, CSV_EMPTY, CSV_TOO_MANY_ROWS, CSV_COLUMNS_INVALID
 * @throws CsvRowsError CSV_ROWS_INVALID (422) with `{row, column, code, message}` per problem
 * @throws ConflictError STORE_CODE_TAKEN (409) when another import created a code meanwhile
 */
export async function importSpotsCsv(
  db: Knex,
  a: { bytes: Buffer; caller: StaffActor; requestId?: string; now: Date; locale: Locale },
): Promise<SpotImportResult> {
  const actor = actingStaff(a.caller, a.requestId);
  if (actor.role !== 'admin') throw new ForbiddenError();
  const [header, ...records] = await parseCsv(decodeCsv(a.bytes), SPOT_CSV_MAX_ROWS);
  if (!header) throw new CsvFileError('CSV_EMPTY');
  const { columns, problems } = readSpotHeader(header);
  assertCsvHeader(problems);
  const storeCodeAt = columns.indexOf('store_code');
  const codes = records.map((r) => r[storeCodeAt]?.trim() ?? '').filter(Boolean);
  try {
    return await db.transaction(async (trx) => {
      const stored = await findSpotRecordsByStoreCode(trx, codes);
      const { spots, errors } = validateSpotRows(records, columns, stored);
      if (errors.length) throw csvRowsError(errors, a.locale);
      if (spots.length === 0) throw new CsvFileError('CSV_EMPTY');
      const creates = spots.filter((s) => !stored.has(s.spot.storeCode)).map((s) => s.spot);
      const updates = spots
        .map((s) => ({ next: s.spot, before: stored.get(s.spot.storeCode) }))
        .filter(
          (u): u is { next: SpotRecord; before: SpotRecord & { id: number } } =>
            !!u.before && !sameSpot(u.before, u.next),
        );
      const ids = await insertSpots(trx, creates, a.now);
      await updateSpots(
        trx,
        updates.map((u) => ({ id: u.before.id, ...u.next })),
        a.now,
      );
      await refreshCouponSearchOfSpots(
        trx,
        updates.map((u) => u.before.id),
      );
      const audit = (entityId: number, before: SpotRecord | null, after: SpotRecord) =>
        recordAudit(trx, actor, { action: 'import', entity: 'spot', entityId, before, after, now: a.now });
      for (const s of creates) await audit(ids.get(s.storeCode)!, null, s);
      for (const u of updates) {
        const { id: _id, ...before } = u.before;
        await audit(u.before.id, before, u.next);
      }
      return {
        created: creates.length,
        updated: updates.length,
        unchanged: spots.length - creates.length - updates.length,
        total: spots.length,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('STORE_CODE_TAKEN');
    throw err;
  }
}
