import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_LOCALE, isLocale } from '../contracts/common';
import type { Actor } from './context';
import { UnauthorizedError } from './errors';

/** Gives every request an id (kept from `X-Request-Id` when sane) and echoes it back. */
export function requestId(req: Request, res: Response, next: NextFunction) {
  const incoming = req.get('x-request-id');
  req.requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
  next();
}

/** Spec 7: every API call carries `x-lang`; anything but the five languages means ja. */
export function locale(req: Request, _res: Response, next: NextFunction) {
  const lang = req.get('x-lang')?.toLowerCase();
  req.locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  next();
}

/**
 * Reads an `Authorization: Bearer` token into `req.actor` through `actorOf` (app.ts passes
 * commands/actor-of-token). No header: anonymous. A staff token names an account, which is
 * loaded from the database (one indexed query, no cache, so every instance agrees at once):
 * its role and spots come from there, never from the token. A bad or expired token, or one of a deleted or disabled account, leaves
 * `req.authError`, which the route raises (401 INVALID_TOKEN, so the client signs in
 * again) after the allow-list and rate limits have had their say. A database failure is
 * passed on as such (500), not mistaken for a bad token.
 */
export function authenticate(actorOf: (token: string) => Promise<Actor>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    req.actor = { kind: 'anonymous' };
    const header = req.get('authorization');
    if (!header) return next();
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    try {
      if (!token) throw new UnauthorizedError('INVALID_TOKEN');
      req.actor = await actorOf(token);
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) return next(err);
      req.authError = err;
    }
    next();
  };
}
