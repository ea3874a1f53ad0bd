import type { Knex } from 'knex';
import { MAX_ID, type ListMeta, type Locale } from '../../contracts/common';
import type {
  CouponCard,
  CouponDetail,
  CouponSearchQuery,
  FavoriteState,
  SetFavoriteBody,
  StoreCoupons,
} from '../../contracts/coupons';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../http/errors';
import { spotOfQrCode, spotsOfCoupons } from '../spots';
import {
  findCoupon,
  findPublishedAtSpot,
  findTitles,
  hasRedemptionOn,
  insertRedemption,
  searchPublished,
  type CouponRow,
  type NewRedemption,
} from './coupons.repo';
import { couponRowExists, deleteFavorite, favoriteIdsAmong, insertFavorite } from './coupons.favorites.repo';

function isUsableOn(c: CouponRow, day: string): boolean {
  return c.published && c.validFrom <= day && day <= c.validTo;
}

/** A coupon row as a list card: localised texts, its first spot, whether it gives gold (lodging). */
export function toCard(c: CouponRow, spots: Array<{ id: number; name: string; textLocale: Locale }>): CouponCard {
  const first = spots[0];
  return {
    id: c.id,
    title: c.title,
    discount: c.discount,
    imageUrl: c.imageUrl,
    area: c.area,
    purpose: c.purpose,
    genre: c.genre,
    tags: c.tags,
    validFrom: c.validFrom,
    validTo: c.validTo,
    givesGold: c.purpose === 'lodging',
    spot: first ? { id: first.id, name: first.name, textLocale: first.textLocale } : null,
    spotCount: spots.length,
    textLocale: c.textLocale,
  };
}

/**
 * Spec 7 `/coupons/list/search`: published coupons valid on JST day `today`, filtered by
 * area, purpose, genre, keyword and tags, newest first, with their first spot. With `userId`
 * (a signed-in visitor) each card says whether it is among their favourites, and
 * `q.favorite` keeps only those (spec 2 "a favourites list").
 * @throws Error when `q.favorite` is set without `userId` (the route answers 401 before)
 */
export async function searchCoupons(
  db: Knex,
  q: CouponSearchQuery,
  today: string,
  locale: Locale,
  userId?: number,
): Promise<{ data: CouponCard[]; meta: ListMeta }> {
  if (q.favorite && userId === undefined) throw new Error('favourites asked for without a visitor');
  const { rows, total } = await searchPublished(db, q, today, locale, q.favorite ? userId : undefined);
  const ids = rows.map((r) => r.id);
  const [spots, favorites] = await Promise.all([
    spotsOfCoupons(db, ids, locale),
    userId === undefined ? undefined : favoriteIdsAmong(db, userId, ids),
  ]);
  return {
    data: rows.map((c) => ({
      ...toCard(c, spots.get(c.id) ?? []),
      ...(favorites ? { favorite: favorites.has(c.id) } : {}),
    })),
    meta: { page: q.page, limit: q.limit, total },
  };
}

/**
 * Spec 7 `PUT /coupons/set/favorite` (issue 15): sets whether coupon `couponId` is among
 * visitor `userId`'s favourites, idempotently (setting the state it has changes nothing;
 * parallel identical calls leave one row). Adding needs the coupon shown on JST day `today`
 * (as its detail); removing needs only that the coupon exists or was a favourite, so a coupon
 * unpublished, expired or deleted since it was kept can still be taken off the list.
 * @returns the state now stored
 * @throws NotFoundError COUPON_NOT_FOUND (404) adding a coupon not shown today; removing an unknown one
 */
export async function setFavorite(
  db: Knex,
  q: SetFavoriteBody & { userId: number; today: string; now: Date },
): Promise<FavoriteState> {
  if (q.favorite) {
    if (!(await shownCoupon(db, q.couponId, q.today, 'ja'))) throw new NotFoundError('COUPON_NOT_FOUND');
    await insertFavorite(db, q.userId, q.couponId, q.now);
  } else {
    const removed = await deleteFavorite(db, q.userId, q.couponId);
    if (!removed && !(await couponRowExists(db, q.couponId))) throw new NotFoundError('COUPON_NOT_FOUND');
  }
  return { couponId: q.couponId, favorite: q.favorite };
}

/** At most this many coupons on a shop's QR page (a shop has a handful). */
const STORE_COUPONS_LIMIT = 50;

/**
 * Spec 7 `PUT /coupons/store/list`, for the page of a printed spot QR code
 * (`/collect-points-qr/{id}/?code=...`, spec 2): the shop, its coupons shown on JST day
 * `today` (newest first, at most STORE_COUPONS_LIMIT), and whether `code` is the shop's
 * current check-in code, which the visitor may then give as the store code when marking one
 * of them used. Until points exist the QR code does no more (issue 11).
 * @throws NotFoundError SPOT_NOT_FOUND (404) unknown spot
 */
export async function storeCoupons(
  db: Knex,
  q: { spotId: number; code?: string; today: string; locale: Locale },
): Promise<StoreCoupons> {
  const found = await spotOfQrCode(db, q);
  if (!found) throw new NotFoundError('SPOT_NOT_FOUND');
  const { spot, codeValid } = found;
  const rows = await findPublishedAtSpot(db, spot.id, q.today, q.locale, STORE_COUPONS_LIMIT);
  const spots = await spotsOfCoupons(
    db,
    rows.map((r) => r.id),
    q.locale,
  );
  return {
    spot: { id: spot.id, name: spot.name, textLocale: spot.textLocale, address: spot.address },
    codeValid,
    coupons: rows.map((c) => toCard(c, spots.get(c.id) ?? [])),
  };
}

/** The coupon `id` as a visitor may see it on JST day `today` (exists, published, valid), else undefined. */
async function shownCoupon(db: Knex, id: number, today: string, locale: Locale): Promise<CouponRow | undefined> {
  const coupon = await findCoupon(db, id, locale);
  return coupon && isUsableOn(coupon, today) ? coupon : undefined;
}

/**
 * Whether coupon `id` can be shown on `today` (JST date), as GET /api/coupons/{id} decides
 * (spec 7). For the page `/coupon/{id}/`, which answers 404 otherwise.
 */
export async function couponIsShown(db: Knex, id: number, today: string): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return false;
  return (await shownCoupon(db, id, today, 'ja')) !== undefined;
}

/**
 * Spec 7 `/coupons/{id}`: a published, currently valid coupon with all its spots; for a
 * signed-in visitor, whether its use for JST day `today` is spent (pressed or received today)
 * and whether it is among their favourites (`favorite`, absent for anyone else).
 * @throws NotFoundError COUPON_NOT_FOUND when unknown, unpublished or out of its period
 */
export async function couponDetail(
  db: Knex,
  q: { id: number; userId?: number; today: string; locale: Locale },
): Promise<CouponDetail> {
  const coupon = await shownCoupon(db, q.id, q.today, q.locale);
  if (!coupon) throw new NotFoundError('COUPON_NOT_FOUND');
  const spots = (await spotsOfCoupons(db, [coupon.id], q.locale)).get(coupon.id) ?? [];
  const [usedToday, favorites] =
    q.userId === undefined
      ? [null, undefined]
      : await Promise.all([
          hasRedemptionOn(db, q.userId, coupon.id, { usedOn: q.today, receivedOn: q.today }),
          favoriteIdsAmong(db, q.userId, [coupon.id]),
        ]);
  return {
    ...toCard(coupon, spots),
    ...(favorites ? { favorite: favorites.has(coupon.id) } : {}),
    description: coupon.description,
    imageLargeUrl: coupon.imageLargeUrl,
    spots: spots.map(({ area: _a, purpose: _p, genre: _g, ...s }) => s),
    usedToday,
  };
}

/** Titles of coupons in a locale, keyed by id (for other domains' lists). */
export async function couponTitles(db: Knex, ids: number[], locale: Locale): Promise<Map<number, string>> {
  return findTitles(db, ids, locale);
}

/**
 * The coupon a visitor may mark used (spec 4, 9), read inside the use's transaction: it exists,
 * is published, is valid on JST day `usedOn` and the visitor has no redemption of it on the JST
 * day pressed (`usedOn`) nor on the JST day received (`receivedOn`).
 * @throws NotFoundError COUPON_NOT_FOUND (404) unknown or unpublished coupon
 * @throws BusinessRuleError COUPON_NOT_VALID (422) outside its validity period that day
 * @throws ConflictError ALREADY_USED_TODAY (409) used already on either day
 */
export async function couponToUse(
  trx: Knex,
  q: { couponId: number; userId: number; usedOn: string; receivedOn: string; locale: Locale },
): Promise<CouponRow> {
  const coupon = await findCoupon(trx, q.couponId, q.locale);
  if (!coupon || !coupon.published) throw new NotFoundError('COUPON_NOT_FOUND');
  if (!isUsableOn(coupon, q.usedOn)) throw new BusinessRuleError('COUPON_NOT_VALID');
  if (await hasRedemptionOn(trx, q.userId, coupon.id, { usedOn: q.usedOn, receivedOn: q.receivedOn }))
    throw new ConflictError('ALREADY_USED_TODAY');
  return coupon;
}

/**
 * Stores one use of a coupon (the caller's transaction). Its unique indexes hold once per day
 * under concurrency: a second use on the same JST day pressed or received raises a unique
 * violation (the caller answers 409 ALREADY_USED_TODAY).
 * @returns the redemption's id and its `usedAt` (ISO 8601)
 */
export async function recordRedemption(trx: Knex, r: NewRedemption): Promise<{ id: number; usedAt: string }> {
  return insertRedemption(trx, r);
}
