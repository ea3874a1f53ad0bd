import compression from 'compression';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { resolve } from 'node:path';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { Logger } from 'pino';
import { actorOfToken } from './commands/actor-of-token';
import { firstViewData, pageRecordExists } from './commands/first-view';
import { DOMAINS } from './domains';
import { allowListGuard, compileAllowList } from './http/allow-list';
import type { AppDeps } from './http/context';
import { NotFoundError } from './http/errors';
import { errorHandler } from './http/error-handler';
import { refuseDeepJson, requireMultipartBoundary } from './http/body-guards';
import { requestDeadline } from './http/deadline';
import { createLogger, requestLogger } from './http/logger';
import { authenticate, locale, requestId } from './http/middleware';
import { createLimiters } from './http/rate-limit';
import { mountRoutes, type AnyRoute } from './http/route';
import { pageHandler } from './http/pages';
import { trailingSlash } from './http/trailing-slash';
import { ADMIN_ROOTS } from './site/page-table';
import { createDiskImageStore, UPLOADS_PATH, type ImageStore } from './storage/image-store';

/** Every API route of the product, in mounting order (domains/index.ts: the domain list). */
export function apiRoutes(deps: AppDeps): AnyRoute[] {
  return DOMAINS.flatMap((domain) => domain.routes(deps));
}

/**
 * Path prefixes of the admin area's pages (spec 2): `/management_admin` and the same under
 * each language prefix (`/en/management_admin`, ...), all behind the admin allow-list.
 */
export const ADMIN_PAGES = [...ADMIN_ROOTS];

/**
 * Content security policy: the app's own scripts, styles and API; LINE's API and CDN for the
 * LIFF SDK (bundled from npm, with a helper script from LINE's CDN) and profile pictures.
 * Map route links are plain navigations.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // LIFF loads its Android external-browser helper from LINE's CDN.
  scriptSrc: ["'self'", 'https://static.line-scdn.net'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://profile.line-scdn.net', 'https://obs.line-scdn.net'],
  connectSrc: ["'self'", 'https://api.line.me', 'https://liffsdk.line-scdn.net'],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Builds the Express app (design: app.ts): security headers, the site and admin allow-lists,
 * the `/api` routes with their rate limits, the OpenAPI document, the trailing-slash rule
 * and the built PWA. It never listens; main.ts and tests do.
 */
export function createApp(input: Omit<AppDeps, 'images'> & { images?: ImageStore; logger?: Logger }): Express {
  const deps: AppDeps = { ...input, images: input.images ?? createDiskImageStore(input.config.uploadDir) };
  const { config } = deps;
  const logger = input.logger ?? createLogger(config.logLevel);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestId, requestLogger(logger), locale);
  app.use(helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } }));
  // gzip for HTML, JS, CSS and JSON: a visitor on a weak mountain signal downloads a third.
  app.use(compression());
  if (config.corsOrigins.length)
    app.use('/api', cors({ origin: config.corsOrigins, exposedHeaders: ['Authorization', 'X-Request-Id'] }));
  if (config.siteAllowedIps) app.use(allowListGuard(compileAllowList(config.siteAllowedIps)));
  const adminAllowList = allowListGuard(compileAllowList(config.adminAllowedIps));
  app.use(ADMIN_PAGES, adminAllowList);

  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  const api = express.Router();
  api.use(
    requestDeadline(config.requestTimeoutMs),
    requireMultipartBoundary,
    express.json({ limit: '100kb', verify: refuseDeepJson }),
    authenticate((token) => actorOfToken(deps, token)),
  );
  mountRoutes(api, registry, apiRoutes(deps), { adminAllowList, limiters: createLimiters(config, deps.db) });
  const openapi = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Kumamoto tourism passport API', version: '1.0.0' },
    servers: [{ url: '/' }],
  });
  api.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  api.use((_req, _res, next) => next(new NotFoundError('NOT_FOUND')));
  app.use('/api', api);

  // Uploaded images never change under one name: cache them for a year.
  app.use(
    UPLOADS_PATH,
    express.static(resolve(config.uploadDir), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.use(trailingSlash);
  const dist = resolve(config.clientDist);
  app.use('/assets', express.static(resolve(dist, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }));
  app.use(express.static(dist, { index: false, maxAge: 0 }));
  app.use(
    pageHandler(dist, {
      dataFor: (id, locale, query) => firstViewData(deps, id, locale, query),
      exists: (m) => pageRecordExists(deps, m),
      logger,
    }),
  );
  app.use(errorHandler);
  return app;
}
