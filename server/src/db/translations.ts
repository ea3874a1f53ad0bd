import type { Knex } from 'knex';
import type { Locale } from '../contracts/common';

/**
 * Loads the rows of a translations table for some ids and keeps, per id, the row in the
 * wanted locale or else the ja row (design: multilingual content falls back to ja).
 */
export async function loadTranslations<T extends Record<string, unknown>>(
  db: Knex,
  table: string,
  idColumn: string,
  ids: number[],
  locale: Locale,
): Promise<Map<number, T>> {
  const result = new Map<number, T>();
  if (ids.length === 0) return result;
  const rows: Array<T & { locale: string }> = await db(table)
    .whereIn(idColumn, [...new Set(ids)])
    .whereIn('locale', locale === 'ja' ? ['ja'] : [locale, 'ja']);
  for (const row of rows) {
    const id = Number(row[idColumn]);
    if (row.locale === locale || !result.has(id)) result.set(id, row);
  }
  return result;
}

/** Escapes LIKE wildcards so a keyword matches literally (use with `escape '\\'`). */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
