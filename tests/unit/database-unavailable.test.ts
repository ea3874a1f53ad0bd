import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/src/db/dialect';

/**
 * The one classifier of "the database cannot answer now" (issue 17): the errors pg, Node,
 * Knex and better-sqlite3 raise, by the fields they carry. The API tests cause most of them
 * for real (tests/api/faults-database.test.ts); 57P03 (starting up) and SQLITE_BUSY_SNAPSHOT
 * are hard to cause on demand, so their shapes are checked here.
 */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['starting up', pgError('57P03', 'the database system is starting up')],
    ['too many connections', pgError('53300')],
    ['statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['lock timeout', pgError('55P03', 'canceling statement due to lock timeout')],
    ['connection exception class 08', pgError('08006')],
    ['a cut connection', new Error('ROLLBACK - Connection terminated unexpectedly')],
    [
      'pool acquire timeout',
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
    ],
    ['SQLite busy', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
    ['SQLite busy snapshot', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY_SNAPSHOT' })],
    [
      'every address refused',
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'connect failed'),
    ],
  ])('%s: yes', (_what, err) => expect(isDatabaseUnavailable(err)).toBe(true));

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error (a bug)', pgError('42601')],
    ['a NOT NULL violation', Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_NOTNULL' })],
    ['a TypeError', new TypeError('undefined is not a function')],
    ['nothing', undefined],
  ])('%s: no', (_what, err) => expect(isDatabaseUnavailable(err)).toBe(false));
});
