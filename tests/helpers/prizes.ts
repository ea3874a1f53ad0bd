import type { Db } from '../../server/src/db/knex';

const ts = '2026-11-01T00:00:00.000Z';
const idOf = (row: unknown): number =>
  typeof row === 'object' && row !== null ? (row as { id: number }).id : (row as number);

/** Days already handed out by giveStamps: each call starts after them, so its days never clash with an earlier call's. */
let daysUsed = 0;

/** JST date `days` after 2026-11-01. */
const dayOf = (days: number) => new Date(Date.UTC(2026, 10, 1 + days)).toISOString().slice(0, 10);

/**
 * Gives visitors rally stamps as coupon uses would (a redemption each, on JST days no earlier
 * call used, so the once-per-day indexes hold): `red` red (1 point) and `gold` gold
 * (10 points) stamps per visitor, in bulk.
 */
export async function giveStamps(
  db: Db,
  s: { userIds: number[]; campaignId: number; couponId: number; spotId: number; red?: number; gold?: number },
): Promise<void> {
  const kinds = [...Array<'red'>(s.red ?? 0).fill('red'), ...Array<'gold'>(s.gold ?? 0).fill('gold')];
  const first = daysUsed;
  daysUsed += kinds.length;
  const redemptions = s.userIds.flatMap((userId) =>
    kinds
      .map((_, k) => first + k)
      .map((i) => ({
        user_id: userId,
        coupon_id: s.couponId,
        spot_id: s.spotId,
        used_on: dayOf(i),
        received_on: dayOf(i),
        used_at: `${dayOf(i)}T03:00:00.000Z`,
        latitude: 32.806186,
        longitude: 130.705834,
        accuracy_m: 10,
        distance_m: 0,
        idempotency_key: `give-${userId}-${i}`,
        created_at: ts,
      })),
  );
  for (let i = 0; i < redemptions.length; i += 200) {
    const part = redemptions.slice(i, i + 200);
    const ids = (await db('redemptions').insert(part).returning('id')).map(idOf);
    await db('stamps').insert(
      part.map((r, j) => {
        const kind = kinds[(i + j) % kinds.length]!;
        return {
          user_id: r.user_id,
          campaign_id: s.campaignId,
          redemption_id: ids[j]!,
          kind,
          value: kind === 'gold' ? 10 : 1,
          created_at: r.used_at,
        };
      }),
    );
  }
}

/** Inserts a prize of a rally with a ja name (default: a published exchange prize, 10 stamps, stock 5). */
export async function createPrize(
  db: Db,
  p: Partial<{
    campaignId: number;
    kind: 'exchange' | 'lottery';
    stampsNeeded: number;
    stock: number | null;
    published: boolean;
    displayOrder: number;
    name: string;
    nameEn: string;
  }> & { campaignId: number },
): Promise<number> {
  const kind = p.kind ?? 'exchange';
  const [row] = await db('prizes')
    .insert({
      campaign_id: p.campaignId,
      kind,
      stamps_needed: p.stampsNeeded ?? 10,
      stock: kind === 'lottery' ? null : (p.stock ?? 5),
      display_order: p.displayOrder ?? 0,
      published: p.published ?? true,
      created_at: ts,
      updated_at: ts,
    })
    .returning('id');
  const id = idOf(row);
  await db('prize_translations').insert([
    { prize_id: id, locale: 'ja', name: p.name ?? `景品${id}`, description: '説明' },
    ...(p.nameEn ? [{ prize_id: id, locale: 'en', name: p.nameEn, description: 'About it' }] : []),
  ]);
  return id;
}
