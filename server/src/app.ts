import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { AppDeps } from './http/context';
import { NotFoundError } from './http/errors';
import { errorHandler } from './http/error-handler';
import { authenticate, locale, requestId } from './http/middleware';
import { mountRoutes, type AnyRoute } from './http/route';
import { trailingSlash } from './http/trailing-slash';
import { authRoutes } from './domains/auth/auth.routes';
import { couponRoutes } from './domains/coupons/coupons.routes';
import { stampRoutes } from './domains/stamps/stamps.routes';

/** Every API route of the product, in mounting order. */
export function apiRoutes(deps: AppDeps): AnyRoute[] {
  return [...authRoutes(deps), ...couponRoutes(deps), ...stampRoutes(deps)];
}

/**
 * Builds the Express app (design: app.ts): the `/api` routes, the OpenAPI document, the
 * trailing-slash rule and the built PWA. It never listens; main.ts and tests do.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestId, locale);

  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  const api = express.Router();
  api.use(express.json({ limit: '100kb' }), authenticate(deps));
  mountRoutes(api, registry, apiRoutes(deps));
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

  app.use(trailingSlash);
  const dist = resolve(deps.config.clientDist);
  app.use('/assets', express.static(resolve(dist, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }));
  app.use(express.static(dist, { index: false, maxAge: 0 }));
  app.get(/.*/, (_req, res) => {
    const index = resolve(dist, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The client is not built: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  app.use(errorHandler);
  return app;
}
