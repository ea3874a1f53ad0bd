import { z } from 'zod';

/**
 * Every setting of the server, read from the environment once (design: config.ts is the
 * only reader of process.env). Defaults suit `npm start` / `npm run dev` on SQLite.
 * Production (`NODE_ENV=production`) refuses to start without JWT_SECRET and DATABASE_URL.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; when unset the server uses SQLite at SQLITE_FILE. */
  DATABASE_URL: z.string().url().optional(),
  SQLITE_FILE: z.string().default('data/app.sqlite3'),
  /** HS256 secret for our own access tokens (86400 s). */
  JWT_SECRET: z.string().min(16).optional(),
  /** LINE Login channel: `aud` of ID tokens and the HS256 secret they are signed with. */
  LINE_CHANNEL_ID: z.string().default('demo-channel'),
  LINE_CHANNEL_SECRET: z.string().default('demo-channel-secret'),
  /** LIFF app id; when set the client signs in through LIFF and the demo sign-in is hidden. */
  LIFF_ID: z.string().optional(),
  /** Directory of the built client served as the PWA. */
  CLIENT_DIST: z.string().default('dist/client'),
  /** Seed the SQLite database on first start (default on outside production). */
  AUTO_SEED: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  database: { client: 'pg'; url: string } | { client: 'sqlite'; file: string };
  jwtSecret: string;
  line: { channelId: string; channelSecret: string; liffId?: string };
  clientDist: string;
  autoSeed: boolean;
  /** Demo visitor sign-in: only outside production and only without LIFF. */
  demoLogin: boolean;
};

const DEV_JWT_SECRET = 'development-only-secret-change-me';

/**
 * Parses the environment into a Config.
 * @throws Error listing every invalid or missing variable (fail fast at start-up).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = [!e.JWT_SECRET && 'JWT_SECRET', !e.DATABASE_URL && 'DATABASE_URL'].filter(Boolean);
    if (missing.length) throw new Error(`Production needs ${missing.join(' and ')}`);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    database: e.DATABASE_URL ? { client: 'pg', url: e.DATABASE_URL } : { client: 'sqlite', file: e.SQLITE_FILE },
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    line: { channelId: e.LINE_CHANNEL_ID, channelSecret: e.LINE_CHANNEL_SECRET, liffId: e.LIFF_ID },
    clientDist: e.CLIENT_DIST,
    autoSeed: e.AUTO_SEED ?? (!production && !e.DATABASE_URL),
    demoLogin: !production && !e.LIFF_ID,
  };
}
