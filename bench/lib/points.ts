import { parseFile } from 'fast-csv';

/** One town of japanese-addresses-towns.csv: its name parts and a WGS84 position. */
export interface TownPoint {
  pref: string;
  muni: string;
  town: string;
  koaza: string;
  lat: number;
  lng: number;
}

type CsvRow = Record<'pref_ja' | 'muni_ja' | 'town_ja' | 'koaza_ja' | 'lat' | 'lng', string | undefined>;

/**
 * Reads the towns file (columns pref_ja, muni_ja, town_ja, koaza_ja, lat, lng). Rows
 * without a valid position are counted and left out rather than failing the run.
 */
export async function readTownPoints(file: string): Promise<{ points: TownPoint[]; skipped: number }> {
  const points: TownPoint[] = [];
  let skipped = 0;
  await new Promise<void>((resolveRead, reject) => {
    parseFile<CsvRow, CsvRow>(file, { headers: true })
      .on('error', reject)
      .on('data', (row: CsvRow) => {
        const lat = Number(row.lat);
        const lng = Number(row.lng);
        if (!row.lat || !row.lng || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) {
          skipped++;
          return;
        }
        points.push({
          pref: row.pref_ja ?? '',
          muni: row.muni_ja ?? '',
          town: row.town_ja ?? '',
          koaza: row.koaza_ja ?? '',
          lat,
          lng,
        });
      })
      .on('end', () => resolveRead());
  });
  return { points, skipped };
}

/** mulberry32: a small seeded PRNG, so every run asks for the same positions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` positions of randomly chosen real points (fixed seed). */
export function samplePositions(points: TownPoint[], count: number, seed: number): Array<{ lat: number; lng: number }> {
  const rnd = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const p = points[Math.floor(rnd() * points.length)];
    if (!p) throw new Error('no points to sample');
    return { lat: p.lat, lng: p.lng };
  });
}
