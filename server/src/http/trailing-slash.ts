import type { NextFunction, Request, Response } from 'express';

/**
 * Spec 2: every page path ends with `/`; a GET or HEAD of a page path without it gets a 302
 * to the same path with it, the query kept. `/api` and asset files (a dot in the last
 * segment) are exempt. Leading slashes are collapsed so `//host` cannot become an open redirect.
 */
export function trailingSlash(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const path = req.path;
  if (path.endsWith('/') || path === '/api' || path.startsWith('/api/')) return next();
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) return next();
  const queryIndex = req.originalUrl.indexOf('?');
  const query = queryIndex >= 0 ? req.originalUrl.slice(queryIndex) : '';
  res.redirect(302, `${path.replace(/^\/+/, '/')}/${query}`);
}
