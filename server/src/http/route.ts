import type { NextFunction, Request, Response, Router } from 'express';
import { z } from 'zod';
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ErrorBody } from '../contracts/common';
import type { Actor, AppDeps } from './context';
import { UnauthorizedError, ValidationError } from './errors';
import type { Locale } from '../contracts/common';

/** Who may call a route: anyone, anyone (visitor optional), a signed-in visitor. */
export type Access = 'public' | 'optionalVisitor' | 'visitor';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  locale: Locale;
  req: Request;
  res: Response;
}

/** One API route: its path as spec section 7 writes it (`/coupons/{id}`), schemas and handler. */
export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the whole JSON body answered on success. */
  response: Schema;
  /** Error statuses the route may answer (documented in OpenAPI). */
  errors?: number[];
  handler: (ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>>) => Promise<unknown>;
}

/** Builds a route spec with inferred types. */
export function defineRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec<P, Q, B> {
  return spec;
}

function issuesToDetails(where: string, error: z.ZodError): string[] {
  return error.issues.map((i) => `${[where, ...i.path].filter(Boolean).join('.')}: ${i.message}`);
}

function parsePart(schema: Schema | undefined, value: unknown, where: string, details: string[]) {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? {});
  if (!r.success) {
    details.push(...issuesToDetails(where, r.error));
    return undefined;
  }
  return r.data;
}

/**
 * Mounts routes on an Express router and records them in the OpenAPI registry: validate
 * (400 with "field: reason" details), check access (401), call the handler, answer JSON.
 */
export function mountRoutes(
  router: Router,
  registry: OpenAPIRegistry,
  routes: RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>[],
) {
  for (const route of routes) {
    const expressPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    router[route.method](expressPath, async (req: Request, res: Response, next: NextFunction) => {
      try {
        if (route.access === 'visitor' && req.actor.kind !== 'visitor') throw new UnauthorizedError();
        const details: string[] = [];
        const params = parsePart(route.params, req.params, 'params', details);
        const query = parsePart(route.query, req.query, 'query', details);
        const body = parsePart(route.body, req.body, 'body', details);
        if (details.length) throw new ValidationError(details);
        const result = await route.handler({ params, query, body, actor: req.actor, locale: req.locale, req, res } as never);
        if (!res.headersSent) res.status(res.statusCode || 200).json(result);
      } catch (err) {
        next(err);
      }
    });
    const errorStatuses = [...new Set([...(route.errors ?? []), 400, ...(route.access === 'visitor' ? [401] : [])])];
    registry.registerPath({
      method: route.method,
      path: `/api${route.path}`,
      summary: route.summary,
      security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
      request: {
        params: route.params as z.ZodObject | undefined,
        query: route.query as z.ZodObject | undefined,
        body: route.body ? { content: { 'application/json': { schema: route.body } } } : undefined,
      },
      responses: {
        200: { description: 'Success', content: { 'application/json': { schema: route.response } } },
        ...Object.fromEntries(
          errorStatuses.map((s) => [s, { description: 'Error', content: { 'application/json': { schema: ErrorBody } } }]),
        ),
      },
    });
  }
}

export type AnyRoute = RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>;
export type RouteFactory = (deps: AppDeps) => AnyRoute[];
