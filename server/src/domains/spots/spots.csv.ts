import { SPOT_CSV_COLUMNS, SpotInput, type SpotCsvColumn } from '../../contracts/spots-admin';
import { cellsOf, protectCell, readCsvHeader, unprotectCell, type CsvRowProblem } from '../../http/csv';
import type { SpotRecord } from './spots.admin.repo';

/**
 * The spot CSV format (issue 6): one row per spot, the columns of SPOT_CSV_COLUMNS, keyed by
 * store_code. Pure functions: rows to records and back, with row-numbered errors.
 */

export const SPOT_CSV_HEADER: SpotCsvColumn[] = SPOT_CSV_COLUMNS.map((c) => c.name);
const REQUIRED = new Set<string>(SPOT_CSV_COLUMNS.filter((c) => c.required).map((c) => c.name));
const TEXT_COLUMNS = new Set<SpotCsvColumn>([
  'name_ja',
  'name_en',
  'name_ko',
  'name_zh_cn',
  'name_zh_tw',
  'address',
  'genre',
]);

/** Where each SpotInput field comes from, so a schema error names the CSV column. */
const FIELD_COLUMN: Record<string, SpotCsvColumn> = {
  storeCode: 'store_code',
  'names.ja': 'name_ja',
  'names.en': 'name_en',
  'names.ko': 'name_ko',
  'names.zh-cn': 'name_zh_cn',
  'names.zh-tw': 'name_zh_tw',
  names: 'name_ja',
  address: 'address',
  latitude: 'latitude',
  longitude: 'longitude',
  area: 'area',
  purpose: 'purpose',
  genre: 'genre',
  usableRangeM: 'usable_range_m',
};

/** Which columns a header row names: every required column, nothing unknown, nothing twice. */
export function readSpotHeader(header: string[]): {
  columns: Array<SpotCsvColumn | null>;
  problems: { missing: string[]; unknown: string[]; repeated: string[] };
} {
  return readCsvHeader(header, SPOT_CSV_HEADER, REQUIRED);
}

const numberCell = (v: string | undefined) => {
  if (v === undefined || v === '') return undefined;
  return Number(v.normalize('NFKC').replace(/,/g, ''));
};
const textCell = (v: string | undefined) => (v === undefined ? undefined : unprotectCell(v));

/**
 * A CSV row as a SpotInput candidate. Columns the file leaves out take the stored spot's
 * value (`current`), so a file without name_en keeps English names; a present but empty
 * optional cell clears the value.
 */
function rowToCandidate(cells: Partial<Record<SpotCsvColumn, string>>, current: SpotRecord | undefined): unknown {
  const has = (c: SpotCsvColumn) => c in cells;
  const name = (c: SpotCsvColumn, locale: 'en' | 'ko' | 'zh-cn' | 'zh-tw') =>
    has(c) ? textCell(cells[c]) : current?.names[locale];
  return {
    storeCode: cells.store_code,
    names: {
      ja: textCell(cells.name_ja),
      en: name('name_en', 'en'),
      ko: name('name_ko', 'ko'),
      'zh-cn': name('name_zh_cn', 'zh-cn'),
      'zh-tw': name('name_zh_tw', 'zh-tw'),
    },
    address: textCell(cells.address),
    latitude: numberCell(cells.latitude),
    longitude: numberCell(cells.longitude),
    area: cells.area === '' ? undefined : cells.area?.toLowerCase(),
    purpose: cells.purpose === '' ? undefined : cells.purpose?.toLowerCase(),
    genre: has('genre') ? textCell(cells.genre) || null : (current?.genre ?? null),
    usableRangeM: numberCell(cells.usable_range_m) ?? current?.usableRangeM,
  };
}

/**
 * Validates every data record of a spot CSV file (records after the header) against the
 * same rules as the admin form. Answers the spots to write, or every problem found, each
 * with its row number (header = row 1), column and a `validation.*` code.
 */
export function validateSpotRows(
  records: string[][],
  columns: Array<SpotCsvColumn | null>,
  stored: Map<string, SpotRecord>,
): { spots: Array<{ row: number; spot: SpotRecord }>; errors: CsvRowProblem[] } {
  const spots: Array<{ row: number; spot: SpotRecord }> = [];
  const errors: CsvRowProblem[] = [];
  const firstRowOf = new Map<string, number>();
  const width = columns.length;
  records.forEach((record, index) => {
    const row = index + 2;
    if (record.every((c) => c === '')) return; // a blank line between rows
    if (record.length > width && record.slice(width).some((c) => c !== '')) {
      errors.push({
        row,
        column: '',
        code: 'validation.columnCount',
        params: { expected: width, found: record.length },
      });
      return;
    }
    const cells = cellsOf(record, columns);
    const code = cells.store_code?.trim();
    const parsed = SpotInput.safeParse(rowToCandidate(cells, code ? stored.get(code) : undefined));
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column =
          FIELD_COLUMN[issue.path.join('.')] ?? FIELD_COLUMN[String(issue.path[0])] ?? String(issue.path.join('.'));
        const message = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
        if (seen.has(column)) continue;
        seen.add(column);
        errors.push({ row, column, code: message });
      }
      return;
    }
    const first = firstRowOf.get(parsed.data.storeCode);
    if (first !== undefined) {
      errors.push({ row, column: 'store_code', code: 'validation.duplicateInFile', params: { row: first } });
      return;
    }
    firstRowOf.set(parsed.data.storeCode, row);
    spots.push({ row, spot: parsed.data });
  });
  return { spots, errors };
}

/** A spot as a CSV row: every column, text cells protected against formula injection. */
export function spotToCsvRow(s: SpotRecord): Record<SpotCsvColumn, string> {
  const row: Record<SpotCsvColumn, string> = {
    store_code: s.storeCode,
    name_ja: s.names.ja,
    name_en: s.names.en ?? '',
    name_ko: s.names.ko ?? '',
    name_zh_cn: s.names['zh-cn'] ?? '',
    name_zh_tw: s.names['zh-tw'] ?? '',
    address: s.address,
    latitude: String(s.latitude),
    longitude: String(s.longitude),
    area: s.area,
    purpose: s.purpose,
    genre: s.genre ?? '',
    usable_range_m: String(s.usableRangeM),
  };
  for (const c of TEXT_COLUMNS) row[c] = protectCell(row[c]);
  return row;
}

/** Example rows of the template (GET /api/spots/csv/template?example=true). */
export const SPOT_CSV_EXAMPLES: SpotRecord[] = [
  {
    storeCode: 'example-0001',
    names: { ja: '熊本城', en: 'Kumamoto Castle', ko: '구마모토성', 'zh-cn': '熊本城', 'zh-tw': '熊本城' },
    address: '熊本県熊本市中央区本丸1-1',
    latitude: 32.806186,
    longitude: 130.705834,
    area: 'city',
    purpose: 'experience',
    genre: '城',
    usableRangeM: 500,
  },
  {
    storeCode: 'example-0002',
    names: { ja: '黒川温泉 旅館組合' },
    address: '熊本県阿蘇郡南小国町満願寺6594-3',
    latitude: 33.0756,
    longitude: 131.1417,
    area: 'aso',
    purpose: 'spa',
    genre: '温泉',
    usableRangeM: 1000,
  },
];

/** Whether two records hold the same values (an imported row that changes nothing is left alone). */
export function sameSpot(a: SpotRecord, b: SpotRecord): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(s: SpotRecord) {
  return [
    s.storeCode,
    s.names.ja,
    s.names.en ?? '',
    s.names.ko ?? '',
    s.names['zh-cn'] ?? '',
    s.names['zh-tw'] ?? '',
    s.address,
    s.latitude,
    s.longitude,
    s.area,
    s.purpose,
    s.genre ?? '',
    s.usableRangeM,
  ];
}
