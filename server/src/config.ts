import ipaddr from 'ipaddr.js';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Every setting of the server, read from the environment once (design: config.ts is the
 * only reader of process.env). Defaults suit `npm start` / `npm run dev` on SQLite.
 * Production (`NODE_ENV=production`) has no development default for any secret or identity:
 * see PRODUCTION_REQUIREMENTS.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; when unset the server uses SQLite at SQLITE_FILE. */
  DATABASE_URL: z.string().url().optional(),
  SQLITE_FILE: z.string().default('data/app.sqlite3'),
  /** HS256 secret for our own access tokens (86400 s); 32 bytes or more in production. */
  JWT_SECRET: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') >= 16, { message: '16 bytes or more (32 in production)' })
    .optional(),
  /** LINE Login channel: `aud` of ID tokens and the HS256 secret they are signed with (dev defaults below). */
  LINE_CHANNEL_ID: z.string().optional(),
  LINE_CHANNEL_SECRET: z.string().optional(),
  /** LIFF app id; when set the client signs in through LIFF and the demo sign-in is hidden. */
  LIFF_ID: z.string().optional(),
  /** Directory of the built client served as the PWA. */
  CLIENT_DIST: z.string().default('dist/client'),
  /** LINE's published ES256 keys for ID tokens from LIFF. */
  LINE_JWKS_URL: z.string().url().default('https://api.line.me/oauth2/v2.1/certs'),
  /** Least time between two fetches of LINE's keys, in milliseconds (a fetch for an unknown `kid` waits this long). */
  LINE_JWKS_COOLDOWN_MS: z.coerce.number().int().min(0).default(30_000),
  /** Admin allow-list (spec 6): addresses and CIDR ranges, separated by commas, spaces or newlines. */
  ADMIN_ALLOWED_IPS: z.string().optional(),
  /** A file with the admin allow-list, one address or range per line (`#` comments allowed). */
  ADMIN_ALLOWED_IPS_FILE: z.string().optional(),
  /** Optional allow-list that closes the whole site (pre-launch). */
  SITE_ALLOWED_IPS: z.string().optional(),
  /**
   * Express `trust proxy`: proxy addresses/ranges or `loopback`/`uniquelocal`/`linklocal`
   * (comma separated), `false`, or (outside production only) a hop count or `true`.
   */
  TRUST_PROXY: z.string().optional(),
  /** Server processes on this machine: a number, or `auto` for one per CPU (node:cluster). */
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|[1-9]\d{0,2})$/, { message: 'a number of processes (1-999) or auto' })
    .default('1'),
  /**
   * `memory` (one process) or `database` (counts in the app's database, shared by every
   * process and instance); `postgres` is its former name. Default: `memory` for one process,
   * `database` for several.
   */
  RATE_LIMIT_STORE: z.enum(['memory', 'database', 'postgres']).optional(),
  /** Origins allowed by CORS, comma separated; unset means no CORS headers at all. */
  CORS_ORIGINS: z.string().optional(),
  /** SMTP server for contact mail (`smtp://user:pass@host:587`); unset: inquiries are kept, not sent. */
  SMTP_URL: z.string().url().optional(),
  /** Where contact inquiries are mailed. */
  CONTACT_TO: z.string().email().default('contact@example.com'),
  /** Sender address of the app's mail. */
  MAIL_FROM: z.string().email().default('passport@example.com'),
  /** Directory of uploaded images (coupon pictures), served at /uploads. */
  UPLOAD_DIR: z.string().default('data/uploads'),
  /**
   * Public base URL of the site (`https://passport.example.jp`): printed spot QR codes link
   * there. Unset: the scheme and host the admin reached the server on (through TRUST_PROXY).
   */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v) && !/[?#]/.test(v), { message: 'an http(s) URL without query or fragment' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Seed the SQLite database on first start (default on outside production). */
  AUTO_SEED: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** PostgreSQL `statement_timeout` per connection, milliseconds: a longer statement is cancelled (503). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** PostgreSQL `lock_timeout` per connection, milliseconds: a longer wait for a lock fails (503). */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  /** Longest wait for a connection of the pool (knex `acquireConnectionTimeout`), and for a new PostgreSQL connection, milliseconds. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** SQLite `busy_timeout`, milliseconds: how long a writer waits for another process's write. */
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** An API request still unanswered after this many milliseconds answers 503 (uploads excepted). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

/**
 * How long the database may make a request wait, in milliseconds (DB_*_MS and
 * SQLITE_BUSY_TIMEOUT_MS). A wait past one of them fails fast with an error that
 * `isDatabaseUnavailable` (db/dialect.ts) knows, which the API answers 503 DATABASE_UNAVAILABLE.
 */
export type DbTimeouts = {
  /** PostgreSQL `statement_timeout` of every connection: a statement running longer is cancelled (57014). */
  statementMs: number;
  /** PostgreSQL `lock_timeout`: a statement waiting longer for a lock fails (55P03). */
  lockMs: number;
  /** Knex `acquireConnectionTimeout`: the longest wait for a pool connection (KnexTimeoutError). */
  acquireMs: number;
  /** PostgreSQL: the longest wait for a new connection to be established. */
  connectMs: number;
  /** SQLite `busy_timeout`: how long a writer waits for another process's write lock (SQLITE_BUSY after). */
  sqliteBusyMs: number;
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** The database, with how long it may make a request wait (db/knex.ts: DbTimeouts; defaults there when absent). */
  database: ({ client: 'pg'; url: string } | { client: 'sqlite'; file: string }) & { timeouts?: DbTimeouts };
  /** Milliseconds after which an API request still unanswered answers 503 DATABASE_UNAVAILABLE (http/deadline.ts). */
  requestTimeoutMs: number;
  jwtSecret: string;
  line: { channelId: string; channelSecret: string; liffId?: string };
  clientDist: string;
  autoSeed: boolean;
  lineJwksUrl: string;
  lineJwksCooldownMs: number;
  /** Admin allow-list entries (addresses or CIDR ranges). */
  adminAllowedIps: string[];
  /** When set, only these addresses reach the site at all. */
  siteAllowedIps: string[] | null;
  /** Value for Express's `trust proxy`. */
  trustProxy: boolean | number | string[];
  /** Server processes (node:cluster workers when more than one); at least 1. */
  webConcurrency: number;
  rateLimitStore: 'memory' | 'database';
  corsOrigins: string[];
  mail: { smtpUrl: string | null; contactTo: string; from: string };
  uploadDir: string;
  /** Base URL of links that leave the site (printed QR codes), without a trailing slash; null: the request's origin. */
  publicBaseUrl: string | null;
  logLevel: string;
  /** Start-up notes about defaults that only suit development. */
  notes: string[];
  /** Demo visitor sign-in: only outside production and only without LIFF. */
  demoLogin: boolean;
};

/** Development stand-ins for the secrets; production refuses each of them (PRODUCTION_REQUIREMENTS). */
const DEV_JWT_SECRET = 'development-only-secret-change-me';
const DEV_LINE_CHANNEL_ID = 'demo-channel';
const DEV_LINE_CHANNEL_SECRET = 'demo-channel-secret';

/** Least length of an HS256 key in production, in bytes (RFC 7518 3.2: at least the hash's 256 bits). */
export const MIN_SECRET_BYTES = 32;

/** Names Express's `trust proxy` knows for address ranges (proxy-addr). */
const PROXY_RANGE_NAMES = ['loopback', 'uniquelocal', 'linklocal'];

type Check = (env: NodeJS.ProcessEnv, readFile: (file: string) => string) => string | null;
const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** A production secret: set, 32 bytes or more, not the development stand-in. */
const secret =
  (name: string, devValue: string): Check =>
  (env) => {
    const v = env[name];
    if (blank(v)) return 'missing';
    if (v === devValue) return 'is the public development value';
    if (Buffer.byteLength(v!, 'utf8') < MIN_SECRET_BYTES)
      return `shorter than ${MIN_SECRET_BYTES} bytes (an HS256 key needs at least 256 bits)`;
    return null;
  };

const adminAllowList: Check = (env, readFile) => {
  if (!blank(env.ADMIN_ALLOWED_IPS_FILE)) {
    let text: string;
    try {
      text = readFile(env.ADMIN_ALLOWED_IPS_FILE!);
    } catch (err) {
      return `ADMIN_ALLOWED_IPS_FILE cannot be read (${err instanceof Error ? err.message : String(err)})`;
    }
    return listFile(text).length ? badEntries(listFile(text)) : 'ADMIN_ALLOWED_IPS_FILE lists no address';
  }
  if (blank(env.ADMIN_ALLOWED_IPS)) return 'missing: set ADMIN_ALLOWED_IPS or ADMIN_ALLOWED_IPS_FILE (spec 6)';
  const entries = splitList(env.ADMIN_ALLOWED_IPS!);
  return entries.length ? badEntries(entries) : 'lists no address';
};

/** The entries of an allow-list that are not an address or CIDR range, as a message; null when all are. */
function badEntries(entries: string[]): string | null {
  const bad = entries.filter((x) => !isAddressOrRange(x));
  return bad.length ? `not an address or CIDR range: ${bad.join(', ')}` : null;
}

const trustProxy: Check = (env) => {
  const v = env.TRUST_PROXY;
  if (blank(v)) return 'missing: name the reverse proxies (addresses, ranges, loopback), or false when there is none';
  if (v === 'false' || v!.trim() === '0') return null;
  const anyCaller =
    'trusts X-Forwarded-For from any caller, so one who reaches the server directly walks past ' +
    'the admin allow-list with a forged header: name the proxies (addresses, ranges, loopback, uniquelocal)';
  if (v === 'true' || /^\d+$/.test(v!.trim())) return `${v} ${anyCaller}`;
  const entries = splitList(v!);
  const bad = entries.filter((x) => !PROXY_RANGE_NAMES.includes(x) && !isAddressOrRange(x));
  if (bad.length) return `not an address, range or loopback/uniquelocal/linklocal: ${bad.join(', ')}`;
  const wide = entries.filter((x) => isAddressOrRange(x) && coversTheInternet(x));
  return wide.length ? `${wide.join(', ')} is so wide a range that it ${anyCaller}` : null;
};

const IPV4_MAPPED = ipaddr.parse('::ffff:0:0');

/** Private, loopback and link-local ranges: a proxy range inside one of them never holds a public caller. */
const NON_PUBLIC = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  'fc00::/7',
  'fe80::/10',
  '::1/128',
].map((range) => ipaddr.parseCIDR(range));

/**
 * Whether a range is too wide to name proxies: one outside the private, loopback and
 * link-local ranges that is shorter than /16 (IPv4) or /32 (IPv6), or one that holds every
 * IPv4-mapped address (`::ffff:0:0/96`, `::/80`). A cloud load balancer's published ranges
 * are /16 or narrower.
 */
function coversTheInternet(entry: string): boolean {
  if (!entry.includes('/')) return false;
  let [address, bits] = ipaddr.parseCIDR(entry);
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (bits <= 96 && IPV4_MAPPED.match(v6, bits)) return true;
    if (v6.isIPv4MappedAddress()) [address, bits] = [v6.toIPv4Address(), bits - 96];
  }
  const inside = NON_PUBLIC.some(([base, n]) => base.kind() === address.kind() && bits >= n && address.match(base, n));
  return !inside && bits < (address.kind() === 'ipv4' ? 16 : 32);
}

const isAddressOrRange = (x: string) => (x.includes('/') ? ipaddr.isValidCIDR(x) : ipaddr.isValid(x));

/** With SMTP on, the server's credentials and the real addresses it mails from and to. */
const smtpCredentials: Check = (env) => {
  if (blank(env.SMTP_URL)) return null;
  try {
    const url = new URL(env.SMTP_URL!);
    return url.username && url.password ? null : 'has no user and password (smtp://user:password@host:587)';
  } catch {
    return null; // the schema reports a URL that does not parse
  }
};
/** A mail address that must be real (not its example.com default) once SMTP is on. */
const mailAddress =
  (name: string): Check =>
  (env) =>
    !blank(env.SMTP_URL) && blank(env[name]) ? 'missing while SMTP_URL is set' : null;

/**
 * Every setting production refuses to start without (issue 11): each secret and identity
 * that has a development default or none. One place: a new secret adds its line here.
 */
const PRODUCTION_REQUIREMENTS: { name: string; check: Check }[] = [
  { name: 'JWT_SECRET', check: secret('JWT_SECRET', DEV_JWT_SECRET) },
  { name: 'DATABASE_URL', check: (env) => (blank(env.DATABASE_URL) ? 'missing (PostgreSQL connection string)' : null) },
  {
    name: 'LINE_CHANNEL_ID',
    check: (env) =>
      blank(env.LINE_CHANNEL_ID)
        ? 'missing'
        : /^\d+$/.test(env.LINE_CHANNEL_ID!)
          ? null
          : 'not a LINE Login channel id (digits)',
  },
  { name: 'LINE_CHANNEL_SECRET', check: secret('LINE_CHANNEL_SECRET', DEV_LINE_CHANNEL_SECRET) },
  { name: 'ADMIN_ALLOWED_IPS', check: adminAllowList },
  { name: 'TRUST_PROXY', check: trustProxy },
  {
    name: 'SITE_ALLOWED_IPS',
    check: (env) => (blank(env.SITE_ALLOWED_IPS) ? null : badEntries(splitList(env.SITE_ALLOWED_IPS!))),
  },
  { name: 'SMTP_URL', check: smtpCredentials },
  { name: 'CONTACT_TO', check: mailAddress('CONTACT_TO') },
  { name: 'MAIL_FROM', check: mailAddress('MAIL_FROM') },
];

/**
 * Parses the environment into a Config.
 * @throws Error listing every invalid or missing variable (fail fast at start-up).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseConfig(env, (file) => readFileSync(file, 'utf8'));
}

const LOOPBACK = ['127.0.0.1/8', '::1/128'];
const splitList = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);
const listFile = (text: string) =>
  splitList(
    text
      .split('\n')
      .map((line) => line.replace(/#.*$/, ''))
      .join('\n'),
  );

function parseTrustProxy(v: string): boolean | number | string[] {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return splitList(v);
}

/** loadConfig with the file reader passed in (tests give files without touching disk). */
export function parseConfig(env: NodeJS.ProcessEnv, readFile: (file: string) => string): Config {
  const parsed = schema.safeParse(env);
  const production = env.NODE_ENV === 'production';
  const refused = production
    ? PRODUCTION_REQUIREMENTS.flatMap(({ name, check }) => {
        const problem = check(env, readFile);
        return problem ? [`${name}: ${problem}`] : [];
      })
    : [];
  const invalid = parsed.success
    ? []
    : parsed.error.issues
        .filter((i) => !refused.some((line) => line.startsWith(`${String(i.path[0])}:`)))
        .map((i) => `${i.path.join('.')}: ${i.message}`);
  if (refused.length)
    throw new Error(
      `Production (NODE_ENV=production) refuses to start until these settings have real values:\n${[...refused, ...invalid].join('\n')}`,
    );
  if (!parsed.success) throw new Error(`Invalid configuration:\n${invalid.join('\n')}`);
  const e = parsed.data;
  const notes: string[] = [];
  let adminAllowedIps: string[];
  if (e.ADMIN_ALLOWED_IPS_FILE) adminAllowedIps = listFile(readFile(e.ADMIN_ALLOWED_IPS_FILE));
  else if (e.ADMIN_ALLOWED_IPS) adminAllowedIps = splitList(e.ADMIN_ALLOWED_IPS);
  else {
    adminAllowedIps = LOOPBACK;
    notes.push('ADMIN_ALLOWED_IPS is unset: the admin area answers loopback callers only.');
  }
  const siteAllowedIps = e.SITE_ALLOWED_IPS ? splitList(e.SITE_ALLOWED_IPS) : null;
  // Outside production too: a bad allow-list entry stops the start here, not in the first worker.
  const badLists = [
    ['ADMIN_ALLOWED_IPS', badEntries(adminAllowedIps)],
    ['SITE_ALLOWED_IPS', siteAllowedIps && badEntries(siteAllowedIps)],
  ].filter(([, problem]) => problem);
  if (badLists.length) throw new Error(`Invalid configuration:\n${badLists.map((l) => l.join(': ')).join('\n')}`);
  let trustProxy: Config['trustProxy'];
  if (e.TRUST_PROXY !== undefined) trustProxy = parseTrustProxy(e.TRUST_PROXY);
  else {
    trustProxy = ['loopback'];
    notes.push('TRUST_PROXY is unset: X-Forwarded-For is trusted from loopback proxies only.');
  }
  if (!e.SMTP_URL) notes.push('SMTP_URL is unset: contact inquiries are stored and sent once SMTP is configured.');
  const webConcurrency = e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : Number(e.WEB_CONCURRENCY);
  // Several processes share nothing in memory: rate-limit counts live in the database.
  const rateLimitStore =
    e.RATE_LIMIT_STORE === undefined
      ? webConcurrency > 1
        ? 'database'
        : 'memory'
      : e.RATE_LIMIT_STORE === 'memory'
        ? 'memory'
        : 'database';
  if (webConcurrency > 1 && rateLimitStore === 'memory') {
    throw new Error(
      `RATE_LIMIT_STORE=memory cannot count for ${webConcurrency} processes (WEB_CONCURRENCY): use database`,
    );
  }
  if (webConcurrency > 1 && !e.DATABASE_URL && e.SQLITE_FILE === ':memory:') {
    throw new Error(
      'WEB_CONCURRENCY above 1 needs a database the processes share: SQLITE_FILE=:memory: is one per process',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    database: {
      ...(e.DATABASE_URL
        ? { client: 'pg' as const, url: e.DATABASE_URL }
        : { client: 'sqlite' as const, file: e.SQLITE_FILE }),
      timeouts: {
        statementMs: e.DB_STATEMENT_TIMEOUT_MS,
        lockMs: e.DB_LOCK_TIMEOUT_MS,
        acquireMs: e.DB_ACQUIRE_TIMEOUT_MS,
        connectMs: e.DB_ACQUIRE_TIMEOUT_MS,
        sqliteBusyMs: e.SQLITE_BUSY_TIMEOUT_MS,
      },
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    // Production has refused above to start without these; the stand-ins serve development only.
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    line: {
      channelId: e.LINE_CHANNEL_ID || DEV_LINE_CHANNEL_ID,
      channelSecret: e.LINE_CHANNEL_SECRET || DEV_LINE_CHANNEL_SECRET,
      liffId: e.LIFF_ID,
    },
    clientDist: e.CLIENT_DIST,
    autoSeed: e.AUTO_SEED ?? (!production && !e.DATABASE_URL),
    demoLogin: !production && !e.LIFF_ID,
    lineJwksUrl: e.LINE_JWKS_URL,
    lineJwksCooldownMs: e.LINE_JWKS_COOLDOWN_MS,
    adminAllowedIps,
    siteAllowedIps,
    trustProxy,
    webConcurrency,
    rateLimitStore,
    corsOrigins: e.CORS_ORIGINS ? splitList(e.CORS_ORIGINS) : [],
    mail: { smtpUrl: e.SMTP_URL ?? null, contactTo: e.CONTACT_TO, from: e.MAIL_FROM },
    uploadDir: e.UPLOAD_DIR,
    publicBaseUrl: e.PUBLIC_BASE_URL ? e.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    notes,
  };
}
