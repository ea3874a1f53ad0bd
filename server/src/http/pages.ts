import type { NextFunction, Request, Response } from 'express';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { Locale } from '../contracts/common';
import {
  decideLanguage,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  parseAcceptLanguage,
} from '../site/language-detection';
import { isPhoneUserAgent } from '../site/user-agent';
import { matchPage, type PageId, type PageMatch } from '../site/page-table';
import { PRERENDER_SCRIPT_ID, type PrerenderedData, type ServerRender } from '../site/prerender';
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

/** The server-side render bundle (client/src/entry-server.tsx, built into dist/server by `npm run build`). */
type RenderEntry = {
  prepare(): Promise<void>;
  serverRenderedModule(id: PageId): string | null;
  renderPage(url: string, id: PageId, data: ServerRender): { html: string; title: string };
};

/**
 * The data a server-rendered page shows (what its screen would load first), by page, language
 * and the page URL's query (the coupon list's filters, issue 15).
 */
export type PageDataSource = (
  id: PageId,
  locale: Locale,
  query: Request['query'],
) => Promise<Omit<PrerenderedData, 'locale'>>;

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside `<script>`: no `<` can close the element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The server-side renderer of the built client, loaded once: the render bundle and the CSS of
 * each server-rendered screen (from the client build's manifest, less what index.html links).
 * Null when the client was built without it: pages are then the plain shell.
 */
function loadRenderer(dist: string, logger: Logger) {
  let loaded: Promise<{ entry: RenderEntry; manifest: Manifest } | null> | null = null;
  return () =>
    (loaded ??= (async () => {
      try {
        const entry = (await import(pathToFileURL(resolve(dist, '../server/entry-server.js')).href)) as RenderEntry;
        const manifest = JSON.parse(await readFile(resolve(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
        await entry.prepare();
        return { entry, manifest };
      } catch (err) {
        logger.warn(
          { err },
          'server-side render unavailable: pages are served as the client shell (run `npm run build`)',
        );
        return null;
      }
    })());
}

/** CSS files a screen module needs (its own and its static imports'), as `/assets/...` paths. */
function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((k) => cssOf(manifest, k, seen))];
}

/**
 * The page side of the server (spec 2): every path of the route table (site/page-table),
 * in each language, answers the PWA's index.html with 200; any other path answers it with
 * 404 so the client shows '404 Not Found' (a missing file with an extension gets the JSON
 * 404 instead). `?lang=xx` and the root path's language detection redirect here with a
 * 302 and the `i18n_redirected` cookie, before any script runs; the client applies the
 * same rule when a service worker answered the navigation. Runs after the trailing-slash
 * redirect and the static files.
 *
 * Issue 5: the coupon list (`/coupon/` in each language) comes rendered on the server, with
 * its first page of coupons (`dataFor`), its CSS linked and its data as JSON, so a phone on
 * a weak signal paints it before the scripts arrive. A render that fails is logged and the
 * plain shell is served; the page never fails for it.
 */
/**
 * Whether the record a public page shows exists (`/coupon/{id}/` of an unknown coupon): the
 * page then answers 404, still with the app, which shows its own "not found".
 */
export type PageExists = (match: Extract<PageMatch, { area: 'public' }>) => Promise<boolean>;

export function pageHandler(dist: string, opts: { dataFor: PageDataSource; exists?: PageExists; logger: Logger }) {
  const indexFile = resolve(dist, 'index.html');
  const renderer = loadRenderer(dist, opts.logger);
  // Loaded now rather than on the first visitor's request.
  void renderer();
  /** The `<link>`s of a screen's CSS, by screen module (the build does not change while serving). */
  const linksOf = new Map<string, string>();

  async function serverRender(req: Request, id: PageId, locale: Locale, shell: string): Promise<string | null> {
    const r = await renderer();
    const module = r?.entry.serverRenderedModule(id);
    if (!r || !module) return null;
    const userAgent = req.get('user-agent') ?? '';
    // A desktop sees the PC message (spec 1), which needs no data.
    const data: ServerRender = {
      locale,
      userAgent,
      ...(isPhoneUserAgent(userAgent) ? await opts.dataFor(id, locale, req.query) : {}),
    };
    const { html, title } = r.entry.renderPage(req.originalUrl, id, data);
    let links = linksOf.get(module);
    if (links === undefined) {
      links = cssOf(r.manifest, module)
        .map((file) => `/${file}`)
        .filter((href) => !shell.includes(`href="${href}"`))
        .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
        .join('');
      linksOf.set(module, links);
    }
    // The page's data as JSON for the client; the user agent stays on the server.
    const { userAgent: _userAgent, ...prerendered }: ServerRender = data;
    return (
      shell
        // The painted page first, the app's code after (client/src/boot.ts starts it after the
        // first frame): on a weak signal an early fetch of the code would only slow the CSS.
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
        .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace('</head>', `${links}</head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root">${html}</div><script type="application/json" id="${PRERENDER_SCRIPT_ID}">${scriptJson(prerendered)}</script>`,
        )
    );
  }

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
        res.cookie(LOCALE_COOKIE, decision.remember, {
          path: '/',
          maxAge: LOCALE_COOKIE_MAX_AGE_S * 1000,
          sameSite: 'lax',
          secure: req.secure,
        });
      }
      if (decision?.location) {
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, decision.location);
      }
    }
    let shell: string;
    try {
      shell = await readFile(indexFile, 'utf8');
    } catch {
      res.status(503).type('text/plain').send('The client is not built: run `npm run build`.');
      return;
    }
    let html = shell;
    if (match?.area === 'public') {
      try {
        html = (await serverRender(req, match.id, match.locale, shell)) ?? shell;
        // The render depends on the device (spec 1's PC message).
        if (html !== shell) res.vary('User-Agent');
      } catch (err) {
        opts.logger.error({ err, path: req.path }, 'server-side render failed: the client shell is served');
      }
    }
    let found = match !== null;
    if (match?.area === 'public' && opts.exists) {
      try {
        found = await opts.exists(match);
      } catch (err) {
        opts.logger.error({ err, path: req.path }, 'page record check failed: answered as found');
      }
    }
    res.status(found ? 200 : 404);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
}
