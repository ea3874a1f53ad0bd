import type { Knex } from 'knex';
import type { StampKind } from '../../contracts/stamps';
import { toIso } from '../../db/dialect';

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
