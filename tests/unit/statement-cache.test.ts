import { describe, expect, it } from 'vitest';
import { cachePreparedStatements } from '../../server/src/db/knex';

/** A connection whose prepare counts compilations and hands out a fresh object each time. */
function fakeConnection() {
  const compiled: string[] = [];
  const conn = {
    pragma: () => undefined,
    prepare: (sql: string): unknown => {
      compiled.push(sql);
      return { sql, n: compiled.length };
    },
  };
  return { conn, compiled };
}

describe('cachePreparedStatements (SQLite)', () => {
  it('hands out the statement already compiled for the same SQL text', () => {
    const { conn, compiled } = fakeConnection();
    cachePreparedStatements(conn);
    const a = conn.prepare('select 1');
    expect(conn.prepare('select 1')).toBe(a);
    expect(conn.prepare('select 2')).not.toBe(a);
    expect(compiled).toEqual(['select 1', 'select 2']);
  });

  it('keeps only the most recently used statements', () => {
    const { conn, compiled } = fakeConnection();
    cachePreparedStatements(conn, 2);
    const a = conn.prepare('a');
    conn.prepare('b');
    conn.prepare('a'); // a is now the most recent, b the oldest
    conn.prepare('c'); // evicts b
    expect(conn.prepare('a')).toBe(a);
    conn.prepare('b');
    expect(compiled).toEqual(['a', 'b', 'c', 'b']);
  });
});
