import type { Knex } from 'knex';
import type { StampKind } from '../../contracts/stamps';
import type { Area } from '../../contracts/common';
import { toInt, toIso } from '../../db/dialect';

export type StampRow = {
  id: number;
  campaignId: number;
  kind: StampKind;
  value: number;
  couponId: number;
  spotId: number;
  createdAt: string;
};

/** Inserts the stamp of a redemption; the unique redemption_id index refuses a second one. */
export async function insertStamp(
  trx: Knex,
  s: { userId: number; campaignId: number; redemptionId: number; kind: StampKind; value: number; now: Date },
): Promise<number> {
  const [row] = await trx('stamps')
    .insert({
      user_id: s.userId,
      campaign_id: s.campaignId,
      redemption_id: s.redemptionId,
      kind: s.kind,
      value: s.value,
      created_at: s.now.toISOString(),
    })
    .returning('id');
  return typeof row === 'object' ? row.id : row;
}

/** A visitor's stamps in a rally, newest first, with the coupon and spot they came from. */
export async function findStampsOfUser(db: Knex, userId: number, campaignId: number): Promise<StampRow[]> {
  const rows = await db('stamps as st')
    .join('redemptions as r', 'r.id', 'st.redemption_id')
    .where({ 'st.user_id': userId, 'st.campaign_id': campaignId })
    .select('st.id', 'st.campaign_id', 'st.kind', 'st.value', 'st.created_at', 'r.coupon_id', 'r.spot_id')
    .orderBy('st.created_at', 'desc')
    .orderBy('st.id', 'desc');
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaign_id,
    kind: r.kind,
    value: Number(r.value),
    couponId: r.coupon_id,
    spotId: r.spot_id,
    createdAt: toIso(r.created_at),
  }));
}

/** Stamp points a visitor earned and spent in a rally (issue 12: balance = earned - spent). */
export async function sumBalance(
  db: Knex,
  userId: number,
  campaignId: number,
): Promise<{ earned: number; spent: number }> {
  // One after another: inside a transaction both share one connection.
  const earned = await db('stamps').where({ user_id: userId, campaign_id: campaignId }).sum({ n: 'value' }).first();
  const spent = await db('stamp_spends')
    .where({ user_id: userId, campaign_id: campaignId })
    .sum({ n: 'value' })
    .first();
  return { earned: toInt(earned?.n), spent: toInt(spent?.n) };
}

/** Appends a spend to the ledger; the unique application_id index refuses a second one. */
export async function insertSpend(
  trx: Knex,
  s: { userId: number; campaignId: number; applicationId: number; value: number; now: Date },
): Promise<void> {
  await trx('stamp_spends').insert({
    user_id: s.userId,
    campaign_id: s.campaignId,
    application_id: s.applicationId,
    value: s.value,
    created_at: s.now.toISOString(),
  });
}

export type SpotCountRow = { spotId: number; area: Area; red: number; gold: number; points: number; lastAt: string };

/** A visitor's stamps in a rally grouped by the spot of their redemption, most points first. */
export async function countStampsBySpot(db: Knex, userId: number, campaignId: number): Promise<SpotCountRow[]> {
  const rows = await db('stamps as st')
    .join('redemptions as r', 'r.id', 'st.redemption_id')
    .join('spots as s', 's.id', 'r.spot_id')
    .where({ 'st.user_id': userId, 'st.campaign_id': campaignId })
    .groupBy('r.spot_id', 's.area')
    .select(
      'r.spot_id',
      's.area',
      db.raw("sum(case when st.kind = 'red' then 1 else 0 end) as red"),
      db.raw("sum(case when st.kind = 'gold' then 1 else 0 end) as gold"),
      db.raw('sum(st.value) as points'),
      db.raw('max(st.created_at) as last_at'),
    )
    .orderBy('points', 'desc')
    .orderBy('r.spot_id', 'asc');
  return rows.map((r: Record<string, unknown>) => ({
    spotId: Number(r.spot_id),
    area: r.area as Area,
    red: toInt(r.red),
    gold: toInt(r.gold),
    points: toInt(r.points),
    lastAt: toIso(r.last_at),
  }));
}
