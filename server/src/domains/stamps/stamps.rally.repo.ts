import type { Knex } from 'knex';
import type { Area } from '../../contracts/common';
import type { StampKind } from '../../contracts/stamps';
import { toInt, toIso } from '../../db/dialect';

export type StampedUseRow = {
  stampId: number;
  kind: StampKind;
  value: number;
  couponId: number;
  spotId: number;
  area: Area;
  usedOn: string;
  stampedAt: string;
};

/** A visitor's stamped coupon uses in a rally, newest stamp first, one page; and how many in all. */
export async function findStampedUses(
  db: Knex,
  userId: number,
  campaignId: number,
  page: { page: number; limit: number },
): Promise<{ rows: StampedUseRow[]; total: number }> {
  const base = db('stamps as st')
    .join('redemptions as r', 'r.id', 'st.redemption_id')
    .join('spots as sp', 'sp.id', 'r.spot_id')
    .where({ 'st.user_id': userId, 'st.campaign_id': campaignId });
  const [rows, total] = await Promise.all([
    base
      .clone()
      .select('st.id', 'st.kind', 'st.value', 'st.created_at', 'r.coupon_id', 'r.spot_id', 'r.used_on', 'sp.area')
      .orderBy('st.created_at', 'desc')
      .orderBy('st.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    base.clone().count({ n: '*' }).first(),
  ]);
  return {
    rows: rows.map((r) => ({
      stampId: r.id,
      kind: r.kind,
      value: Number(r.value),
      couponId: r.coupon_id,
      spotId: r.spot_id,
      area: r.area,
      usedOn: r.used_on,
      stampedAt: toIso(r.created_at),
    })),
    total: toInt(total?.n),
  };
}

/** The stamps given for some redemptions, keyed by redemption id. */
export async function findStampsOfRedemptions(
  db: Knex,
  redemptionIds: number[],
): Promise<Map<number, { kind: StampKind; value: number; campaignId: number }>> {
  if (redemptionIds.length === 0) return new Map();
  const rows = await db('stamps')
    .whereIn('redemption_id', redemptionIds)
    .select('redemption_id', 'kind', 'value', 'campaign_id');
  return new Map(
    rows.map((r) => [Number(r.redemption_id), { kind: r.kind, value: Number(r.value), campaignId: r.campaign_id }]),
  );
}
