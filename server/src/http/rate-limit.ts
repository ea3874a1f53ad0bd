import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { LimiterName } from './context';
import { AppError } from './errors';

/**
 * An express-rate-limit store on our own database (the `rate_limit_hits` table), so that
 * several server processes or instances on one database (PostgreSQL, or one SQLite file)
 * share the counts. Each hit is one atomic upsert that opens a new window when the old one
 * has ended.
 */
export class DatabaseRateLimitStore implements Store {
  localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: Knex,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private key(key: string) {
    return `${this.prefix}:${key}`.slice(0, 300);
  }

  async increment(key: string) {
    const now = Date.now();
    const resetAt = now + this.windowMs;
    const [row] = await this.db('rate_limit_hits')
      .insert({ key: this.key(key), hits: 1, reset_at_ms: resetAt })
      .onConflict('key')
      .merge({
        hits: this.db.raw('case when rate_limit_hits.reset_at_ms <= ? then 1 else rate_limit_hits.hits + 1 end', [now]),
        reset_at_ms: this.db.raw(
          'case when rate_limit_hits.reset_at_ms <= ? then ? else rate_limit_hits.reset_at_ms end',
          [now, resetAt],
        ),
      })
      .returning(['hits', 'reset_at_ms']);
    return { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at_ms)) };
  }

  async decrement(key: string) {
    await this.db('rate_limit_hits')
      .where({ key: this.key(key) })
      .andWhere('hits', '>', 0)
      .decrement('hits', 1);
  }

  async resetKey(key: string) {
    await this.db('rate_limit_hits')
      .where({ key: this.key(key) })
      .delete();
  }
}

const tooMany = (_req: Request, _res: Response, next: NextFunction) => next(new AppError(429, 'RATE_LIMITED'));

/** The caller's address as a rate-limit key (IPv6 grouped by /56, as express-rate-limit advises). */
const byAddress = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
/** The email a login body names, or '' when it names none as text (validation then answers 400). */
const emailOf = (body: unknown): string => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
};

/**
 * Issue 3 abuse limits, per minute: logins 10 failed tries per address and per account;
 * token issuing 30 per address; writes 60 per visitor (or address); contact inquiries 5 per
 * 10 minutes per address. Answers 429 RATE_LIMITED.
 */
export function createLimiters(config: Config, db: Knex): Record<LimiterName, RequestHandler[]> {
  const store = (prefix: string): Store | undefined =>
    config.rateLimitStore === 'database' ? new DatabaseRateLimitStore(db, prefix) : undefined;
  const limiter = (prefix: string, options: Partial<Options>) =>
    rateLimit({
      windowMs: 60_000,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      handler: tooMany,
      store: store(prefix),
      validate: { trustProxy: false },
      ...options,
    });
  return {
    login: [
      limiter('login-ip', { limit: 10, skipSuccessfulRequests: true, keyGenerator: byAddress }),
      limiter('login-account', {
        limit: 10,
        skipSuccessfulRequests: true,
        keyGenerator: (req) => `account:${emailOf(req.body).trim().toLowerCase()}`,
      }),
    ],
    token: [limiter('token-ip', { limit: 30, keyGenerator: byAddress })],
    contact: [limiter('contact-ip', { windowMs: 10 * 60_000, limit: 5, keyGenerator: byAddress })],
    write: [
      limiter('write', {
        limit: 60,
        keyGenerator: (req) => (req.actor?.kind === 'visitor' ? `user:${req.actor.userId}` : byAddress(req)),
      }),
    ],
  };
}
