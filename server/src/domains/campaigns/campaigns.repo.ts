import type { Knex } from 'knex';
import { LOCALES, type Locale } from '../../contracts/common';
import type { Campaign, CampaignDetail, CampaignInput } from '../../contracts/campaigns';
import { loadTranslations } from '../../db/translations';

type Row = { id: number; starts_on: string; ends_on: string };

async function present(db: Knex, rows: Row[], locale: Locale): Promise<Campaign[]> {
  const texts = await loadTranslations<{ name: string; description: string }>(
    db,
    'campaign_translations',
    'campaign_id',
    rows.map((r) => r.id),
    locale,
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

/** Every rally, latest start first, with all locales' texts. */
export async function findAllCampaigns(db: Knex, locale: Locale, id?: number): Promise<CampaignDetail[]> {
  const query = db('campaigns').orderBy('starts_on', 'desc').orderBy('id', 'desc');
  if (id !== undefined) query.where({ id });
  const rows: Row[] = await query;
  const presented = await present(db, rows, locale);
  const all: Array<{ campaign_id: number; locale: Locale; name: string; description: string }> = rows.length
    ? await db('campaign_translations').whereIn(
        'campaign_id',
        rows.map((r) => r.id),
      )
    : [];
  return presented.map((c) => {
    const texts: CampaignDetail['texts'] = { name: { ja: '' }, description: { ja: '' } };
    for (const t of all.filter((x) => x.campaign_id === c.id)) {
      texts.name[t.locale] = t.name;
      texts.description[t.locale] = t.description;
    }
    return { ...c, texts };
  });
}

/** Rallies other than `exceptId` whose period shares a day with [startsOn, endsOn]. */
export async function findOverlapping(
  db: Knex,
  startsOn: string,
  endsOn: string,
  exceptId?: number,
): Promise<number[]> {
  const query = db('campaigns').where('starts_on', '<=', endsOn).andWhere('ends_on', '>=', startsOn);
  if (exceptId !== undefined) query.whereNot({ id: exceptId });
  return (await query.pluck('id')).map(Number);
}

function textRows(campaignId: number, input: CampaignInput) {
  return LOCALES.flatMap((locale) => {
    const name = input.name[locale]?.trim();
    return name
      ? [
          {
            campaign_id: campaignId,
            locale,
            name,
            description: input.description[locale]?.trim() || (locale === 'ja' ? '' : input.description.ja),
          },
        ]
      : [];
  });
}

export async function insertCampaign(trx: Knex, input: CampaignInput, now: Date): Promise<number> {
  const [row] = await trx('campaigns')
    .insert({
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id');
  const id = typeof row === 'object' ? row.id : row;
  await trx('campaign_translations').insert(textRows(id, input));
  return id;
}

export async function updateCampaign(trx: Knex, id: number, input: CampaignInput, now: Date): Promise<void> {
  await trx('campaigns')
    .where({ id })
    .update({ starts_on: input.startsOn, ends_on: input.endsOn, updated_at: now.toISOString() });
  await trx('campaign_translations').where({ campaign_id: id }).delete();
  await trx('campaign_translations').insert(textRows(id, input));
}
