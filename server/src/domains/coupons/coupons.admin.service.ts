import type { Knex } from 'knex';
import type {
  AdminCoupon,
  AdminCouponInput,
  AdminCouponQuery,
  AdminCouponRow,
  CouponImage,
  CouponImportResult,
  CouponStatus,
} from '../../contracts/admincoupons';
import { TRANSLATED_LOCALES, type ListMeta, type Locale } from '../../contracts/common';
import { CSV_LIST_SEPARATOR } from '../../contracts/spots-admin';
import { assertCsvHeader, CsvFileError, csvRowsError, decodeCsv, parseCsv } from '../../http/csv';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors';
import type { ImageStore } from '../../storage/image-store';
import { recordAudit, type AuditActor } from '../audit';
import { refreshCouponSearch } from '../coupon-search';
import { spotIdsByStoreCode, spotsOfCoupons } from '../spots';
import { couponIdOf, readCouponHeader, sameCoupon, validateCouponRows } from './coupons.csv';
import { storeCouponImage, type StoredImage } from './coupon-images';
import {
  deleteImagesAt,
  existingSpotIds,
  findAdminRaw,
  findAllTexts,
  findCouponStates,
  findImages,
  findSpotIdsOf,
  findTags,
  insertCoupon,
  insertCoupons,
  insertImages,
  normalise,
  redemptionCount,
  searchAdmin,
  softDeleteCoupon,
  tagSuggestions,
  refreshCouponPictures,
  updateCoupon,
  updateCoupons,
  type AdminRaw,
  type ImageRow,
} from './coupons.admin.repo';

/** A staff member acting in the admin area; shop staff are limited to their spots. */
export type StaffScope = AuditActor & { role: 'admin' | 'shop'; spotIds: number[] };

const spotScope = (staff: StaffScope) => (staff.role === 'admin' ? null : staff.spotIds);

/** Spec 3 status of a coupon on JST day `today`. */
export function couponStatus(published: boolean, validFrom: string, validTo: string, today: string): CouponStatus {
  if (!published) return 'draft';
  if (validTo < today) return 'expired';
  if (validFrom > today) return 'scheduled';
  return 'published';
}

const imageOf = (store: ImageStore, img: ImageRow, offset: number): CouponImage => ({
  offset,
  url: store.urlFor(img.largeKey),
  smallUrl: store.urlFor(img.smallKey),
  width: img.width,
  height: img.height,
});

const firstPicture = (store: ImageStore, images: ImageRow[]) => (images[0] ? imageOf(store, images[0], 0) : null);

async function present(db: Knex, store: ImageStore, rows: AdminRaw[], today: string) {
  const ids = rows.map((r) => r.id);
  const [texts, tags, spots, spotIds, images] = await Promise.all([
    findAllTexts(db, ids),
    findTags(db, ids),
    spotsOfCoupons(db, ids, 'ja'),
    findSpotIdsOf(db, ids),
    findImages(db, ids),
  ]);
  return rows.map((r) => {
    const t = texts.get(r.id) ?? { title: { ja: '' }, description: { ja: '' }, discount: { ja: '' } };
    const published = normalise.published(r);
    const own = images.filter((i) => i.couponId === r.id);
    return {
      id: r.id,
      texts: t,
      spots: (spots.get(r.id) ?? []).map((s) => ({ id: s.id, name: s.name, storeCode: s.storeCode })),
      spotIds: spotIds.get(r.id) ?? [],
      area: r.area,
      purpose: r.purpose,
      genre: r.genre,
      tags: tags.get(r.id) ?? [],
      validFrom: r.valid_from,
      validTo: r.valid_to,
      published,
      linePointAmount: Number(r.line_point_amount),
      status: couponStatus(published, r.valid_from, r.valid_to, today),
      images: own.map((img, i) => imageOf(store, img, i)),
      createdAt: normalise.createdAt(r),
      updatedAt: normalise.updatedAt(r),
    };
  });
}

/**
 * Spec 7 `GET /admincoupons` (issue 6): coupons for the admin list, searched by ja title or
 * shop, filtered by area, purpose, tag, status on JST day `today` and a language the coupon
 * has no texts in (`missing`), sorted, paged; each row names its `missingLocales` (issue 11).
 * Shop staff see coupons usable at one of their spots.
 */
export async function listAdminCoupons(
  db: Knex,
  store: ImageStore,
  staff: StaffScope,
  q: AdminCouponQuery,
  today: string,
): Promise<{ data: AdminCouponRow[]; meta: ListMeta }> {
  const { rows, total } = await searchAdmin(db, q, today, spotScope(staff));
  const items = await present(db, store, rows, today);
  return {
    data: items.map((c) => ({
      id: c.id,
      title: c.texts.title.ja,
      discount: c.texts.discount.ja,
      spots: c.spots,
      area: c.area,
      purpose: c.purpose,
      genre: c.genre,
      tags: c.tags,
      validFrom: c.validFrom,
      validTo: c.validTo,
      published: c.published,
      status: c.status,
      imageUrl: c.images[0]?.smallUrl ?? null,
      missingLocales: TRANSLATED_LOCALES.filter((l) => !c.texts.title[l]),
      updatedAt: c.updatedAt,
    })),
    meta: { page: q.page, limit: q.limit, total },
  };
}

async function loadEditable(db: Knex, staff: StaffScope, id: number, forWrite: boolean): Promise<AdminRaw> {
  const raw = await findAdminRaw(db, id);
  if (!raw) throw new NotFoundError('COUPON_NOT_FOUND');
  const scope = spotScope(staff);
  if (scope) {
    const spots = (await findSpotIdsOf(db, [id])).get(id) ?? [];
    const mine = spots.filter((s) => scope.includes(s));
    // Shop staff read coupons of any of their spots, but change only coupons wholly theirs.
    if (mine.length === 0 || (forWrite && mine.length !== spots.length)) throw new ForbiddenError('NOT_YOUR_SPOT');
  }
  return raw;
}

/**
 * Spec 7 `GET /admincoupons/{id}`: the whole coupon for its form.
 * @throws NotFoundError COUPON_NOT_FOUND; ForbiddenError NOT_YOUR_SPOT (shop staff)
 */
export async function getAdminCoupon(
  db: Knex,
  store: ImageStore,
  staff: StaffScope,
  id: number,
  today: string,
): Promise<AdminCoupon> {
  const raw = await loadEditable(db, staff, id, false);
  const [c] = await present(db, store, [raw], today);
  const { texts, ...rest } = c!;
  return { ...rest, title: texts.title, description: texts.description, discount: texts.discount };
}

async function checkSpots(db: Knex, staff: StaffScope, spotIds: number[]) {
  const unique = [...new Set(spotIds)];
  const found = await existingSpotIds(db, unique);
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length) throw new BusinessRuleError('UNKNOWN_SPOTS', { spots: missing.join(', ') });
  const scope = spotScope(staff);
  if (scope && unique.some((id) => !scope.includes(id))) throw new ForbiddenError('NOT_YOUR_SPOT');
}

/**
 * Spec 7 `POST /admincoupons`: creates a coupon with its texts, spots and tags in one
 * transaction, recorded in the audit log.
 * @throws BusinessRuleError UNKNOWN_SPOTS (422); ForbiddenError NOT_YOUR_SPOT (shop staff)
 */
export async function createAdminCoupon(
  db: Knex,
  store: ImageStore,
  staff: StaffScope,
  input: AdminCouponInput,
  now: Date,
  today: string,
): Promise<AdminCoupon> {
  await checkSpots(db, staff, input.spotIds);
  const id = await db.transaction(async (trx) => {
    const newId = await insertCoupon(trx, input, now);
    await refreshCouponSearch(trx, [newId]);
    await recordAudit(trx, staff, {
      action: 'create',
      entity: 'coupon',
      entityId: newId,
      before: null,
      after: input,
      now,
    });
    return newId;
  });
  return getAdminCoupon(db, store, staff, id, today);
}

/** A coupon as the audit log stores it: its editable fields as stored, the same shape before and after. */
const auditView = (c: AdminCoupon) => {
  const { id: _id, images: _i, status: _s, createdAt: _c, updatedAt: _u, spots: _sp, ...rest } = c;
  return rest;
};

/**
 * Spec 7 `PUT /admincoupons/{id}`: replaces a coupon's fields, texts, spots and tags.
 * @throws NotFoundError COUPON_NOT_FOUND; ForbiddenError NOT_YOUR_SPOT; BusinessRuleError UNKNOWN_SPOTS
 */
export async function updateAdminCoupon(
  db: Knex,
  store: ImageStore,
  staff: StaffScope,
  id: number,
  input: AdminCouponInput,
  now: Date,
  today: string,
): Promise<AdminCoupon> {
  await loadEditable(db, staff, id, true);
  await checkSpots(db, staff, input.spotIds);
  const before = await getAdminCoupon(db, store, staff, id, today);
  await db.transaction(async (trx) => {
    await updateCoupon(trx, id, input, now);
    await refreshCouponSearch(trx, [id]);
    await recordAudit(trx, staff, {
      action: 'update',
      entity: 'coupon',
      entityId: id,
      before: auditView(before),
      // As stored, not as sent: an empty text stored as the ja copy is no change (issue 11).
      after: auditView(await getAdminCoupon(trx, store, staff, id, today)),
      now,
    });
  });
  return getAdminCoupon(db, store, staff, id, today);
}

/**
 * Spec 7 `DELETE /admincoupons/{id}`: removes a coupon from every list (soft delete; its
 * redemptions and stamps stay).
 * @throws NotFoundError COUPON_NOT_FOUND; ForbiddenError NOT_YOUR_SPOT
 */
export async function deleteAdminCoupon(
  db: Knex,
  store: ImageStore,
  staff: StaffScope,
  id: number,
  now: Date,
  today: string,
): Promise<void> {
  await loadEditable(db, staff, id, true);
  const before = await getAdminCoupon(db, store, staff, id, today);
  await db.transaction(async (trx) => {
    await softDeleteCoupon(trx, id, now);
    await recordAudit(trx, staff, {
      action: 'delete',
      entity: 'coupon',
      entityId: id,
      before: auditView(before),
      after: null,
      now,
    });
  });
}

/** Spec 7 `GET /admincoupons/get/tags`: tags in use, most used first, narrowed by prefix `q`. */
export async function suggestTags(db: Knex, q: string | undefined) {
  return tagSuggestions(db, q, 30);
}

/**
 * Spec 7 `GET /admincoupons/linepoint/amount`: the LINE points a coupon is set to give per
 * use (a setting) and how often it was used. No "points given" figure: no LINE points are
 * sent yet, and amount × uses would rewrite history whenever the amount is edited; real
 * grants come with the share campaign, which records them.
 * @throws ForbiddenError NOT_YOUR_SPOT (403); NotFoundError COUPON_NOT_FOUND (404)
 */
export async function linePointAmount(db: Knex, staff: StaffScope, couponId: number) {
  const raw = await loadEditable(db, staff, couponId, false);
  const redemptions = await redemptionCount(db, couponId);
  return { couponId, amount: Number(raw.line_point_amount), redemptions };
}

/**
 * Spec 7 `POST /admincoupons/{id}/images`: stores uploaded images (checked by their bytes,
 * WebP 1200/400 px, metadata stripped) after the existing ones.
 * @returns the coupon's images after the upload
 * @throws BusinessRuleError NOT_AN_IMAGE (422), NO_FILES (400)
 */
export async function addCouponImages(
  db: Knex,
  store: ImageStore,
  staff: StaffScope,
  id: number,
  files: Buffer[],
  now: Date,
): Promise<CouponImage[]> {
  await loadEditable(db, staff, id, true);
  if (!files.length) throw new BusinessRuleError('NO_FILES');
  const stored: StoredImage[] = [];
  try {
    for (const bytes of files) stored.push(await storeCouponImage(store, id, bytes));
  } catch (err) {
    await Promise.all(stored.flatMap((s) => [store.delete(s.largeKey), store.delete(s.smallKey)]));
    throw err;
  }
  await db.transaction(async (trx) => {
    await insertImages(trx, id, stored, now);
    await refreshCouponPictures(trx, id, firstPicture(store, await findImages(trx, [id])), now);
    await recordAudit(trx, staff, {
      action: 'update',
      entity: 'coupon',
      entityId: id,
      before: null,
      after: { imagesAdded: stored.map((s) => s.largeKey) },
      now,
    });
  });
  return (await findImages(db, [id])).map((img, i) => imageOf(store, img, i));
}

/**
 * Spec 7 `DELETE /admincoupons/{id}/images?type=couponImage&offsets[]=…`: removes the images
 * at those list offsets (0-based) and their files; the rest close up.
 */
export async function removeCouponImages(
  db: Knex,
  store: ImageStore,
  staff: StaffScope,
  id: number,
  offsets: number[],
  now: Date,
): Promise<CouponImage[]> {
  await loadEditable(db, staff, id, true);
  const removed = await db.transaction(async (trx) => {
    const gone = await deleteImagesAt(trx, id, [...new Set(offsets)]);
    await refreshCouponPictures(trx, id, firstPicture(store, await findImages(trx, [id])), now);
    await recordAudit(trx, staff, {
      action: 'update',
      entity: 'coupon',
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

/** Most data rows one coupon CSV file may hold (a prefecture's coupons with room to spare). */
export const COUPON_CSV_MAX_ROWS = 5000;

/**
 * `POST /admincoupons/csv/import` (admins; issue 6 bulk import): reads a coupon CSV file in
 * the export's format (UTF-8 or Shift_JIS), validates every row first with the coupon form's
 * rules, and only if all rows are good writes them in ONE transaction: a row with the id of
 * a coupon (not deleted) replaces its ja texts (other languages kept), spots (by store code),
 * area, purpose, genre, tags, validity and publication; a row without id creates a coupon.
 * Rows that change nothing are left alone; each created or changed coupon gets an audit
 * entry (`import`). Answers how many coupons were created, updated and left unchanged.
 * @throws ForbiddenError FORBIDDEN (403) for shop staff
 * @throws CsvFileError (400) CSV_MALFORMED, CSV_EMPTY, CSV_TOO_MANY_ROWS, CSV_COLUMNS_INVALID
 * @throws CsvRowsError CSV_ROWS_INVALID (422) with `{row, column, code, message}` per problem; nothing written
 * @throws ConflictError CSV_IMPORT_CONFLICT (409) when a coupon of the file was deleted during the import
 */
export async function importCouponsCsv(
  db: Knex,
  staff: StaffScope,
  bytes: Buffer,
  now: Date,
  locale: Locale,
): Promise<CouponImportResult> {
  if (staff.role !== 'admin') throw new ForbiddenError();
  const [header, ...records] = await parseCsv(decodeCsv(bytes), COUPON_CSV_MAX_ROWS);
  if (!header) throw new CsvFileError('CSV_EMPTY');
  const { columns, problems } = readCouponHeader(header);
  assertCsvHeader(problems);
  const cellsIn = (column: string) => {
    const at = columns.indexOf(column as (typeof columns)[number]);
    return at < 0 ? [] : records.map((r) => r[at] ?? '');
  };
  const ids = cellsIn('id')
    .map(couponIdOf)
    .filter((id): id is number => id !== undefined);
  const codes = cellsIn('store_codes').flatMap((c) =>
    c
      .split(CSV_LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return db.transaction(async (trx) => {
    const stored = await findCouponStates(trx, ids);
    const spotIds = await spotIdsByStoreCode(trx, codes);
    const { coupons, errors } = validateCouponRows(records, columns, stored, spotIds);
    if (errors.length) throw csvRowsError(errors, locale);
    if (coupons.length === 0) throw new CsvFileError('CSV_EMPTY');
    const creates = coupons.filter((c) => c.id === undefined).map((c) => c.input);
    const updates = coupons
      .filter((c): c is typeof c & { id: number } => c.id !== undefined && !sameCoupon(stored.get(c.id)!, c.input))
      .map((c) => ({ id: c.id, input: c.input }));
    const createdIds = await insertCoupons(trx, creates, now);
    if ((await updateCoupons(trx, updates, now)) !== updates.length) throw new ConflictError('CSV_IMPORT_CONFLICT');
    await refreshCouponSearch(trx, [...createdIds, ...updates.map((u) => u.id)]);
    const audit = (entityId: number, before: unknown, after: AdminCouponInput) =>
      recordAudit(trx, staff, { action: 'import', entity: 'coupon', entityId, before, after, now });
    for (const [i, input] of creates.entries()) await audit(createdIds[i]!, null, input);
    for (const u of updates) await audit(u.id, stored.get(u.id)!, u.input);
    return {
      created: creates.length,
      updated: updates.length,
      unchanged: coupons.length - creates.length - updates.length,
      total: coupons.length,
    };
  });
}
