import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { Campaign } from '../../contracts/campaigns';
import { loadTranslations } from '../../db/translations';

type Row = { id: number; starts_on: string; ends_on: string };

async function present(db: Knex, rows: Row[], locale: Locale): Promise<Campaign[]> {
  const texts = await loadTranslations<{ name: string; description: string }>(
    db, 'campaign_translations', 'campaign_id', rows.map((r) => r.id), locale,
  );
  return rows.map((r) => ({
    id: r.id,
    name: texts.get(r.id)?.name ?? '',
    description: texts.get(r.id)?.description ?? '',
    startsOn: r.starts_on,
    endsOn: r.ends_on,
  }));
}

/** The rally whose period (JST dates, both ends included) contains `day`, latest start first. */
export async function findRunningOn(db: Knex, day: string, locale: Locale): Promise<Campaign | undefined> {
  const row: Row | undefined = await db('campaigns')
    .where('starts_on', '<=', day)
    .andWhere('ends_on', '>=', day)
    .orderBy('starts_on', 'desc')
    .first();
  return row ? (await present(db, [row], locale))[0] : undefined;
}

export async function findById(db: Knex, id: number, locale: Locale): Promise<Campaign | undefined> {
  const row: Row | undefined = await db('campaigns').where({ id }).first();
  return row ? (await present(db, [row], locale))[0] : undefined;
}
