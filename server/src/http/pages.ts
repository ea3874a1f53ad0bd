import type { NextFunction, Request, Response } from 'express';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decideLanguage, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, matchPage, parseAcceptLanguage } from '../contracts/pages';
import { NotFoundError } from './errors';

/** One cookie's value from the `Cookie` header (no cookie-parser needed for one name). */
function cookieOf(req: Request, name: string): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The page side of the server (spec 2): every path of the route table (contracts/pages),
 * in each language, answers the PWA's index.html with 200; any other path answers it with
 * 404 so the client shows '404 Not Found' (a missing file with an extension gets the JSON
 * 404 instead). `?lang=xx` and the root path's language detection redirect here with a
 * 302 and the `i18n_redirected` cookie, before any script runs; the client applies the
 * same rule when a service worker answered the navigation. Runs after the trailing-slash
 * redirect and the static files.
 */
export function pageHandler(dist: string) {
  const indexFile = resolve(dist, 'index.html');
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = matchPage(req.path);
    if (!match) {
      const last = req.path.slice(req.path.lastIndexOf('/') + 1);
      if (last.includes('.')) return next(new NotFoundError('NOT_FOUND'));
    }
    if (match?.area === 'public') {
      const q = req.originalUrl.indexOf('?');
      const decision = decideLanguage({
        pathname: req.path,
        search: q >= 0 ? req.originalUrl.slice(q) : '',
        cookie: cookieOf(req, LOCALE_COOKIE),
        preferred: parseAcceptLanguage(req.get('accept-language')),
      });
      if (req.path === '/') res.vary('Cookie').vary('Accept-Language');
      if (decision?.remember) {
        res.cookie(LOCALE_COOKIE, decision.remember, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S * 1000, sameSite: 'lax', secure: req.secure });
      }
      if (decision?.location) {
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, decision.location);
      }
    }
    let html: Buffer;
    try {
      html = await readFile(indexFile);
    } catch {
      res.status(503).type('text/plain').send('The client is not built: run `npm run build`.');
      return;
    }
    res.status(match ? 200 : 404);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
}
