import { parseFile } from 'fast-csv';
import type { Knex } from 'knex';
import { resolve } from 'node:path';
import { APP_ROOT } from '../server/src/app-root';
import { rebuildCouponSearch } from '../server/src/domains/coupon-search';
import { newCheckInCode } from '../server/src/domains/spots';
import { couponTemplates, rally } from './data/demo-content';

/**
 * Development and test data: every real Kumamoto spot of seeds/data/kumamoto-spots.csv
 * (copied from shared/data; sources and licences in its README and on the about page), one
 * or two demo coupons per spot written for its purpose (unless `demoCoupons` is false), and the
 * 2026-27 winter stamp rally. Runs only on an empty database, so it never touches real data.
 */
type CsvRow = {
  id: string;
  name_ja: string;
  name_en: string;
  lat: string;
  lng: string;
  area: string;
  purpose: keyof typeof couponTemplates;
  address_ja: string;
  source: string;
};

/** Read at seeding time: the compiled seed (dist/server-app) needs seeds/data/ beside it at the root. */
export const SPOTS_CSV = resolve(APP_ROOT, 'seeds/data/kumamoto-spots.csv');

function readCsv(file: string): Promise<CsvRow[]> {
  return new Promise((ok, fail) => {
    const rows: CsvRow[] = [];
    parseFile<CsvRow, CsvRow>(file, { headers: true })
      .on('error', fail)
      .on('data', (r: CsvRow) => rows.push(r))
      .on('end', () => ok(rows));
  });
}

/** Display name: sources keep a disambiguation suffix such as `菊池神社 (菊池市)`. */
const displayName = (name: string) => name.replace(/\s*\(.*\)$/, '');

function genreOf(row: CsvRow): string | null {
  const osm = /geoJSON\/(\w+)\.geojson/.exec(row.source)?.[1];
  const byOsm: Record<string, string> = {
    restaurant: 'レストラン',
    cafe: 'カフェ',
    hotel: 'ホテル',
    theme_park: 'テーマパーク',
  };
  if (osm && byOsm[osm]) return byOsm[osm];
  const rules: Array<[RegExp, string]> = [
    [/道の駅/, '道の駅'],
    [/温泉|の湯/, '温泉'],
    [/城/, '城'],
    [/神社|宮$/, '神社'],
    [/寺|院$/, '寺院'],
    [/滝/, '滝'],
    [/山$|岳$/, '山'],
    [/峡|渓谷/, '渓谷'],
    [/公園|庭園|園$/, '公園・庭園'],
    [/博物館|美術館|資料館|記念館|館$/, '博物館・美術館'],
  ];
  return rules.find(([re]) => re.test(row.name_ja))?.[1] ?? null;
}

/** Spots that stand for a whole onsen town, gorge or mountain get a wider check-in radius. */
const usableRange = (purpose: string) => (purpose === 'experience' || purpose === 'spa' ? 1000 : 500);

const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const;

export async function seed(knex: Knex, opts: { demoCoupons?: boolean } = {}): Promise<void> {
  const [existing] = await knex('spots').count({ n: '*' });
  if (Number(existing?.n ?? 0) > 0) return;
  const rows = await readCsv(SPOTS_CSV);
  const base = Date.parse('2026-10-01T00:00:00Z');
  await knex.transaction(async (trx) => {
    for (const [index, row] of rows.entries()) {
      const stamp = new Date(base + index * 60_000).toISOString();
      const [spot] = await trx('spots')
        .insert({
          store_code: row.id,
          latitude: Number(row.lat),
          longitude: Number(row.lng),
          area: row.area,
          purpose: row.purpose,
          genre: genreOf(row),
          address: row.address_ja,
          usable_range_m: usableRange(row.purpose),
          source: row.source,
          qr_code: newCheckInCode(),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id');
      const spotId = typeof spot === 'object' ? spot.id : spot;
      const name = displayName(row.name_ja);
      await trx('spot_translations').insert([
        { spot_id: spotId, locale: 'ja', name },
        ...(row.name_en ? [{ spot_id: spotId, locale: 'en', name: row.name_en }] : []),
      ]);
      const templates =
        opts.demoCoupons === false ? [] : couponTemplates[row.purpose].slice(0, index % 2 === 0 ? 2 : 1);
      for (const [k, tpl] of templates.entries()) {
        const created = new Date(base + index * 60_000 + k * 1000).toISOString();
        const [coupon] = await trx('coupons')
          .insert({
            area: row.area,
            purpose: row.purpose,
            genre: genreOf(row),
            image_url: null,
            valid_from: '2026-10-01',
            valid_to: '2027-03-31',
            published: true,
            created_at: created,
            updated_at: created,
          })
          .returning('id');
        const couponId = typeof coupon === 'object' ? coupon.id : coupon;
        await trx('coupon_translations').insert(
          LOCALES.map((locale) => ({
            coupon_id: couponId,
            locale,
            title: tpl.title[locale],
            description: tpl.description[locale],
            discount_text: tpl.discount[locale],
          })),
        );
        await trx('coupon_spots').insert({ coupon_id: couponId, spot_id: spotId });
        await trx('coupon_tags').insert(tpl.tags.map((tag) => ({ coupon_id: couponId, tag })));
      }
    }
    // The coupons' search documents (issue 15), in the same transaction.
    await rebuildCouponSearch(trx);
    const [campaign] = await trx('campaigns')
      .insert({
        starts_on: rally.startsOn,
        ends_on: rally.endsOn,
        created_at: new Date(base).toISOString(),
        updated_at: new Date(base).toISOString(),
      })
      .returning('id');
    const campaignId = typeof campaign === 'object' ? campaign.id : campaign;
    await trx('campaign_translations').insert(
      LOCALES.map((locale) => ({
        campaign_id: campaignId,
        locale,
        name: rally.name[locale],
        description: rally.description[locale],
      })),
    );
  });
}
