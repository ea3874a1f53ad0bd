import { HealthResponse } from '../../contracts/health';
import type { AppDeps } from '../../http/context';
import { AppError } from '../../http/errors';
import { defineRoute, type AnyRoute } from '../../http/route';
import { checkReady, READY_RETRY_AFTER_S } from './health.service';

/**
 * Health routes (issue 11) for load balancers, compose and the image's HEALTHCHECK:
 * liveness, which touches nothing, and readiness, which asks the database.
 */
export function healthRoutes({ db }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      summary: 'Liveness: the process answers (no database call)',
      access: 'public',
      response: HealthResponse,
      handler: async () => ({ data: { status: 'ok' } }),
    }),
    defineRoute({
      method: 'get',
      path: '/ready',
      summary:
        'Readiness: the database answers within 2 s and has run every migration; else 503 DATABASE_UNAVAILABLE or MIGRATIONS_PENDING with Retry-After',
      access: 'public',
      response: HealthResponse,
      errors: [503],
      handler: async ({ req, res }) => {
        res.setHeader('Cache-Control', 'no-store');
        const readiness = await checkReady(db);
        if (readiness.ready) return { data: { status: 'ok' } };
        // The cause (a connection error, migration names) goes to the log, not to the caller.
        req.log.warn({ cause: readiness.cause }, `not ready: ${readiness.code}`);
        res.setHeader('Retry-After', String(READY_RETRY_AFTER_S));
        throw new AppError(503, readiness.code);
      },
    }),
  ];
}
