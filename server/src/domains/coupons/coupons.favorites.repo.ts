import type { Knex } from 'knex';

/**
 * Stores coupon `couponId` among visitor `userId`'s favourites. Insert ... on conflict do
 * nothing on the (user_id, coupon_id) primary key: a repeated or parallel call leaves one row.
 */
export async function insertFavorite(db: Knex, userId: number, couponId: number, now: Date): Promise<void> {
  await db('coupon_favorites')
    .insert({ user_id: userId, coupon_id: couponId, created_at: now.toISOString() })
    .onConflict(['user_id', 'coupon_id'])
    .ignore();
}

/** Removes coupon `couponId` from visitor `userId`'s favourites; whether a row was there. */
export async function deleteFavorite(db: Knex, userId: number, couponId: number): Promise<boolean> {
  return (await db('coupon_favorites').where({ user_id: userId, coupon_id: couponId }).del()) > 0;
}

/** Which of coupons `couponIds` visitor `userId` keeps among their favourites. */
export async function favoriteIdsAmong(db: Knex, userId: number, couponIds: number[]): Promise<Set<number>> {
  if (couponIds.length === 0) return new Set();
  const ids = await db('coupon_favorites').where('user_id', userId).whereIn('coupon_id', couponIds).pluck('coupon_id');
  return new Set(ids.map(Number));
}

/** Whether a coupon row `couponId` exists, whatever its state (published, period, deleted). */
export async function couponRowExists(db: Knex, couponId: number): Promise<boolean> {
  return !!(await db('coupons').where('id', couponId).first('id'));
}
