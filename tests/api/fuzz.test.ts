import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/**
 * Issue 17, section 4: bad input never answers 500. A seeded generator sends every route of
 * `GET /api/openapi.json` (so a new route joins by itself) malformed requests: wrong types,
 * huge strings, deep nesting (40 and 20,000 levels), arrays for scalars, NUL bytes, invalid
 * UTF-8, invalid JSON, bad content types, multipart without a boundary; as anonymous, visitor
 * and admin callers. Every answer must be below 500, an error must come in the error
 * envelope, and the server must still answer normally afterwards. A failure names its seed
 * and request, so it can be replayed (FUZZ_SEED).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Malformed requests per route and method. */
const CASES = 24;

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
};

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Values of the wrong kind for any field. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -0.5,
  '',
  ' ',
  'abc',
  '1e309',
  'NaN',
  '-1',
  '9'.repeat(400),
  'x'.repeat(60_000),
  'a\u0000b',
  '\u0000',
  '\ud800',
  '熊本'.repeat(2_000),
  [],
  [1, 2, 3],
  ['a', null],
  {},
  { a: { b: { c: 1 } } },
  JSON.parse(deepArray(40)),
  '2026-02-30',
  '<script>alert(1)</script>',
  "' or 1=1 --",
];

/** Path and query values (text), some percent-encoded: NUL, invalid UTF-8, a lone surrogate. */
const WRONG_TEXT = [
  '-1',
  '0',
  '1.5',
  'abc',
  '1e309',
  '9'.repeat(300),
  '%00',
  '%FF%FE',
  '%C3%28',
  '%ED%A0%80',
  'a%00b',
  'x'.repeat(4_000),
  '..%2F..%2Fetc%2Fpasswd',
  '%',
  'null',
  '[]',
  '{}',
];

/** Raw bodies that are not the JSON they claim, or not JSON at all. */
const RAW_BODIES: { type: string; body: string | Buffer }[] = [
  { type: 'application/json', body: deepArray(20_000) },
  { type: 'application/json', body: deepObject(15_000) },
  { type: 'application/json', body: `{"a":${deepArray(33)}}` },
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '[1,2,3]' },
  { type: 'application/json', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]) },
  { type: 'application/json', body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
  { type: 'application/json; charset=latin1', body: '{}' },
  { type: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'a[b][c]=1&a=2&a=3' },
  { type: 'multipart/form-data', body: '--x\r\n\r\n' },
  { type: 'multipart/form-data; boundary=', body: '--\r\n' },
  { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nab' },
  { type: 'application/xml', body: '<a/>' },
  { type: 'application/json', body: '' },
];

function schemaOf(op: Operation): Schema | undefined {
  return op.requestBody?.content['application/json']?.schema;
}

/** A body shaped like the schema, one or more fields replaced by wrong values. */
function wrongBody(schema: Schema | undefined, rnd: ReturnType<typeof generator>): unknown {
  const props = Object.keys(schema?.properties ?? {});
  if (props.length === 0) return rnd.pick(WRONG_VALUES);
  const body: Record<string, unknown> = {};
  for (const key of props) body[key] = rnd.next() < 0.5 ? rnd.pick(WRONG_VALUES) : plausible(schema!.properties![key]!);
  if (rnd.next() < 0.2) body[`extra${Math.floor(rnd.next() * 10)}`] = rnd.pick(WRONG_VALUES);
  return rnd.next() < 0.1 ? [body] : body;
}

/** A value of the field's own type, so that other fields' faults reach the handler. */
function plausible(s: Schema): unknown {
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'テスト';
}

describe(`fuzz: every route of the OpenAPI document, seed ${SEED}`, () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  const auths: string[] = [];
  let adminAuth = '';

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    // Every caller address may reach the admin area: the fuzz comes from many (X-Forwarded-For),
    // so that per-address rate limits leave most requests to reach their handlers.
    app = testApp(db, { config: { adminAllowedIps: ['0.0.0.0/0', '::/0'] } }).app;
    const spot = await createSpot(db, { storeCode: 'fuzz-shop' });
    await createCoupon(db, { spotIds: [spot.id] });
    await createCampaign(db);
    for (let i = 0; i < 8; i++) auths.push((await createVisitor(db)).auth);
    adminAuth = (await createStaffAccount(db, { role: 'admin' })).auth;
    auths.push(adminAuth);
    auths.push((await createStaffAccount(db, { role: 'shop', spots: ['fuzz-shop'] })).auth);
  });
  afterAll(() => destroy());

  it('answers every malformed request below 500, errors in the envelope, and still serves afterwards', async () => {
    const doc = (await supertest(app).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const rnd = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (let c = 0; c < CASES; c++) {
          let url = path.replace(/\{(\w+)\}/g, () =>
            rnd.next() < 0.5 ? String(1 + Math.floor(rnd.next() * 3)) : rnd.pick(WRONG_TEXT),
          );
          const query = (op.parameters ?? []).filter((p) => p.in === 'query');
          const parts = query.flatMap((p) => {
            const r = rnd.next();
            if (r < 0.3) return [];
            if (r < 0.5) return [`${p.name}=1`, `${p.name}=2`]; // an array for a scalar
            if (r < 0.6) return [`${p.name}[a][b]=1`];
            return [`${p.name}=${rnd.pick(WRONG_TEXT)}`];
          });
          if (parts.length) url += `?${parts.join('&')}`;
          let test = supertest(app)
            [method as 'get'](url)
            .set('x-lang', rnd.pick(['ja', 'en', 'ko', 'zh-cn', 'zh-tw', 'xx']))
            .set('X-Forwarded-For', `10.${Math.floor(rnd.next() * 250)}.${Math.floor(rnd.next() * 250)}.1`);
          // Half the secured calls as an admin, who passes every access check to the handler.
          if (op.security?.length || rnd.next() < 0.2)
            test = test.set('Authorization', rnd.next() < 0.5 ? adminAuth : rnd.pick(auths));
          if (rnd.next() < 0.5)
            test = test.set('Idempotency-Key', rnd.pick(['k', 'key-0000000001', 'x'.repeat(300), '\u00e9t\u00e9']));
          let what = `${method.toUpperCase()} ${url.slice(0, 200)}`;
          if (method !== 'get' && method !== 'delete') {
            if (rnd.next() < 0.45) {
              const body = wrongBody(schemaOf(op), rnd);
              what += ` json ${JSON.stringify(body).slice(0, 200)}`;
              test = test.set('content-type', 'application/json').send(JSON.stringify(body));
            } else {
              const raw = rnd.pick(RAW_BODIES);
              what += ` ${raw.type} ${String(raw.body).slice(0, 60)}`;
              test = test.set('content-type', raw.type).send(raw.body);
            }
          }
          const r = await test;
          sent += 1;
          const json = (r.headers['content-type'] ?? '').startsWith('application/json');
          if (r.status >= 500) failures.push(`${r.status} ${JSON.stringify(r.body).slice(0, 200)} <- ${what}`);
          else if (r.status >= 400 && r.text !== '' && !(json && typeof r.body?.error?.code === 'string'))
            failures.push(`${r.status} not in the error envelope: ${r.text.slice(0, 100)} <- ${what}`);
        }
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    // Still alive and serving.
    expect((await supertest(app).get('/api/health')).status).toBe(200);
    expect((await supertest(app).get('/api/coupons/list/search')).status).toBe(200);
  }, 120_000);
});
