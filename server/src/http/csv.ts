import { once } from 'node:events';
import express, { type Request, type Response } from 'express';
import { format, parseString } from 'fast-csv';
import multer from 'multer';
import type { Locale } from '../contracts/common';
import type { CsvRowError } from '../contracts/spots-admin';
import { translator } from '../i18n';
import { AppError } from './errors';
import { readingMultipart } from './body-guards';

/**
 * CSV plumbing shared by the admin imports and exports (issue 6): reading an uploaded file
 * (multipart field `file`, or the request body itself as text/csv), decoding it, splitting it
 * into records, and streaming a download that Excel opens correctly.
 */

/** Largest CSV file accepted, in bytes (a 300-shop file is about 60 kB). */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;

/** 400 for a file that is not a CSV file we can read: the reason is the code. */
export class CsvFileError extends AppError {
  constructor(code: string, params?: Record<string, string | number>) {
    super(400, code, undefined, params);
  }
}

/** 422 listing every bad row of an imported file; nothing was written. */
export class CsvRowsError extends AppError {
  constructor(details: CsvRowError[]) {
    super(422, 'CSV_ROWS_INVALID', details, { rows: new Set(details.map((d) => d.row)).size });
  }
}

/** A bad row found by an import's validation: `code` is a `validation.*` key, `params` fill its message. */
export type CsvRowProblem = Omit<CsvRowError, 'message'> & { params?: Record<string, string | number> };

/** CsvRowsError with every problem's message in `locale` (an unknown code reads "not valid"). */
export function csvRowsError(problems: CsvRowProblem[], locale: Locale): CsvRowsError {
  const t = translator(locale);
  return new CsvRowsError(
    problems.map(({ params, ...p }) => ({
      ...p,
      message: t(p.code, { ...params, defaultValue: t('validation.invalid') }),
    })),
  );
}

/** A header cell as written by people: `Name JA`, `name-zh-cn` and `name_zh_cn` are one column. */
const normaliseHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Which of `known` columns a header row names, by position (null for a cell that names none),
 * and what is wrong with it: required columns missing, unknown names, names given twice. A
 * trailing empty cell (a line ending in a comma) is no column.
 */
export function readCsvHeader<C extends string>(
  header: string[],
  known: readonly C[],
  required: ReadonlySet<string>,
): { columns: Array<C | null>; problems: { missing: string[]; unknown: string[]; repeated: string[] } } {
  const names = header.map(normaliseHeader);
  const knownSet = new Set<string>(known);
  const seen = new Set<string>();
  const repeated: string[] = [];
  const unknown: string[] = [];
  const columns = names.map((n, i) => {
    if (n === '' && header.length > 1 && i === header.length - 1) return null;
    if (!knownSet.has(n)) {
      unknown.push(header[i] ?? '');
      return null;
    }
    if (seen.has(n)) repeated.push(n);
    seen.add(n);
    return n as C;
  });
  const missing = known.filter((c) => required.has(c) && !seen.has(c));
  return { columns, problems: { missing, unknown, repeated } };
}

/** @throws CsvFileError CSV_COLUMNS_INVALID naming the missing and the unknown or repeated columns */
export function assertCsvHeader(problems: { missing: string[]; unknown: string[]; repeated: string[] }): void {
  if (problems.missing.length || problems.unknown.length || problems.repeated.length) {
    throw new CsvFileError('CSV_COLUMNS_INVALID', {
      missing: problems.missing.join(', ') || '-',
      unknown: [...problems.unknown, ...problems.repeated].join(', ') || '-',
    });
  }
}

/** Cells of a record by column name (a record shorter than the header reads empty cells). */
export function cellsOf<C extends string>(record: string[], columns: Array<C | null>): Partial<Record<C, string>> {
  const cells: Partial<Record<C, string>> = {};
  columns.forEach((c, i) => {
    if (c) cells[c] = record[i] ?? '';
  });
  return cells;
}

function runMiddleware(req: Request, res: Response, mw: express.RequestHandler): Promise<void> {
  return new Promise((ok, fail) => mw(req, res, (err?: unknown) => (err ? fail(err) : ok())));
}

/**
 * The bytes of an uploaded CSV file: the multipart field `file`, or a `text/csv` (or
 * `text/plain`, `application/octet-stream`) body.
 * @throws AppError PAYLOAD_TOO_LARGE (413) past `maxBytes`; CsvFileError CSV_FILE_REQUIRED (400)
 */
export async function readCsvUpload(req: Request, res: Response, maxBytes = CSV_MAX_BYTES): Promise<Buffer> {
  if (req.is('multipart/form-data')) {
    const upload = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 },
    }).single('file');
    try {
      await runMiddleware(req, res, readingMultipart(upload));
    } catch (err) {
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') throw new AppError(413, 'PAYLOAD_TOO_LARGE');
        throw new CsvFileError('CSV_FILE_REQUIRED');
      }
      throw err;
    }
    if (!req.file) throw new CsvFileError('CSV_FILE_REQUIRED');
    return req.file.buffer;
  }
  if (req.is(['text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel'])) {
    await runMiddleware(req, res, express.raw({ type: () => true, limit: maxBytes }));
    if (Buffer.isBuffer(req.body) && req.body.length > 0) return req.body;
  }
  throw new CsvFileError('CSV_FILE_REQUIRED');
}

/**
 * Text of a CSV file: UTF-8 (with or without a byte order mark), or else Shift_JIS, which
 * Japanese Excel writes for "CSV (comma delimited)".
 * @throws CsvFileError CSV_MALFORMED for binary data
 */
export function decodeCsv(bytes: Buffer): string {
  if (bytes.includes(0)) throw new CsvFileError('CSV_MALFORMED');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('shift_jis').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * The records of a CSV text as arrays of trimmed cells, the header first. Blank lines are
 * kept as empty records so record numbers match the lines a spreadsheet shows.
 * @throws CsvFileError CSV_MALFORMED (unbalanced quotes), CSV_TOO_MANY_ROWS past `maxDataRows` after the header
 */
export async function parseCsv(text: string, maxDataRows: number): Promise<string[][]> {
  const records: string[][] = [];
  await new Promise<void>((ok, fail) => {
    const stream = parseString<string[], string[]>(text, {
      headers: false,
      trim: true,
      ignoreEmpty: false,
      maxRows: maxDataRows + 2,
    })
      .on('error', () => fail(new CsvFileError('CSV_MALFORMED')))
      .on('data', (r: string[]) => records.push(r))
      .on('end', () => ok());
    void stream;
  });
  // Lines after the last record (a trailing newline or two) are not records.
  while (records.length && records[records.length - 1]!.every((c) => c === '')) records.pop();
  if (records.length > maxDataRows + 1) throw new CsvFileError('CSV_TOO_MANY_ROWS', { max: maxDataRows });
  return records;
}

/**
 * A text cell made safe for spreadsheets: one starting with `=`, `+`, `-`, `@` or a control
 * character would run as a formula in Excel (CSV injection), so it gets a leading `'`,
 * which `unprotectCell` removes again on import.
 */
export function protectCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Undoes protectCell. */
export function unprotectCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * Answers a CSV download: UTF-8 with a byte order mark (so Excel reads Japanese), CRLF line
 * ends, a header row of `columns`, then the rows as they come (with back-pressure).
 */
export async function sendCsv<C extends string>(
  res: Response,
  filename: string,
  columns: readonly C[],
  rows: AsyncIterable<Record<C, string>> | Iterable<Record<C, string>>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  // The byte order mark is written here: fast-csv's writeBOM skips it when there are no rows (the template).
  res.write('\uFEFF');
  const csv = format<Record<C, string>, Record<C, string>>({
    headers: [...columns],
    rowDelimiter: '\r\n',
    alwaysWriteHeaders: true,
    includeEndRowDelimiter: true,
  });
  csv.pipe(res);
  try {
    for await (const row of rows) {
      if (!csv.write(row)) await once(csv, 'drain');
    }
  } catch (err) {
    // Headers are gone: all that is left is to cut the download short.
    csv.destroy();
    res.destroy(err as Error);
    return;
  }
  csv.end();
}
