import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ErrorBody } from '../contracts/common';
import type { Actor, AppDeps, LimiterName } from './context';
import { AppError, ForbiddenError, UnauthorizedError, ValidationError } from './errors';
import { readingMultipart } from './body-guards';
import type { Locale } from '../contracts/common';

/**
 * Who may call a route: anyone; anyone, a visitor's token read if sent; a signed-in visitor;
 * any staff member (admin or shop staff; services narrow shop staff to their spots); admins.
 */
export type Access = 'public' | 'optionalVisitor' | 'visitor' | 'staff' | 'admin';

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
  /** Part of the admin area: only callers on the admin allow-list reach it (spec 6). Implied by staff and admin access. */
  adminArea?: boolean;
  /** The rate limiter that guards it (issue 3: logins, token issuing, writes). */
  rateLimit?: LimiterName;
  /** Reads a multipart body (after the access check) with this middleware, e.g. multer. */
  upload?: RequestHandler;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the whole body answered on success: JSON, or the text of a `text/*` answer. */
  response: Schema;
  /** Success statuses (default 200), e.g. 201 for a create. */
  success?: number[];
  /**
   * Media types of the success body (default JSON): `text/csv` is `response` as text; an
   * `image/*` type is bytes, and `response` then describes only the JSON answer, if any.
   */
  media?: string[];
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

/** zod's own messages (where a schema names no `validation.*` key) in the caller's language. */
const ZOD_MESSAGES: Record<Locale, ReturnType<typeof z.locales.ja>> = {
  ja: z.locales.ja(),
  en: z.locales.en(),
  ko: z.locales.ko(),
  'zh-cn': z.locales.zhCN(),
  'zh-tw': z.locales.zhTW(),
};

/** Whether a request part holds a NUL character anywhere (PostgreSQL text cannot store one). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
  return false;
}

function parsePart(schema: Schema | undefined, value: unknown, where: string, details: string[], locale: Locale) {
  if (!schema) return undefined;
  if (containsNul(value)) {
    details.push(`${where}: validation.nulCharacter`);
    return undefined;
  }
  const r = schema.safeParse(value ?? {}, { error: ZOD_MESSAGES[locale].localeError });
  if (!r.success) {
    details.push(...issuesToDetails(where, r.error));
    return undefined;
  }
  return r.data;
}

/** Whether a route belongs to the admin area (and so sits behind the admin allow-list). */
export function isAdminArea(route: Pick<AnyRoute, 'access' | 'adminArea'>): boolean {
  return route.adminArea === true || route.access === 'staff' || route.access === 'admin';
}

/**
 * 401 when nobody is signed in where someone must be; 403 when the wrong kind of caller is.
 * @throws UnauthorizedError, ForbiddenError
 */
export function checkAccess(access: Access, actor: Actor): void {
  if (access === 'public' || access === 'optionalVisitor') return;
  if (actor.kind === 'anonymous') throw new UnauthorizedError();
  if (access === 'visitor' && actor.kind !== 'visitor') throw new ForbiddenError();
  if (access === 'staff' && actor.kind !== 'staff') throw new ForbiddenError();
  if (access === 'admin' && !(actor.kind === 'staff' && actor.role === 'admin')) throw new ForbiddenError();
}

/**
 * Mounts routes on an Express router and records them in the OpenAPI registry: the admin
 * allow-list for admin-area routes (403, empty body), the route's rate limiter (429), the
 * access check (401/403), validation (400 with "field: reason" details), the handler, JSON.
 */
export function mountRoutes(
  router: Router,
  registry: OpenAPIRegistry,
  routes: RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>[],
  guards: { adminAllowList: RequestHandler; limiters: Record<LimiterName, RequestHandler[]> },
) {
  for (const route of routes) {
    const expressPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    const access: RequestHandler = (req, _res, next) => {
      try {
        if (req.authError) throw req.authError;
        checkAccess(route.access, req.actor);
        next();
      } catch (err) {
        next(err);
      }
    };
    const before: RequestHandler[] = [
      ...(isAdminArea(route) ? [guards.adminAllowList] : []),
      ...(route.rateLimit ? guards.limiters[route.rateLimit] : []),
      access,
      ...(route.upload ? [readingMultipart(route.upload)] : []),
    ];
    router[route.method](expressPath, ...before, async (req: Request, res: Response, next: NextFunction) => {
      try {
        // A body sent as anything but JSON (e.g. text/plain) would be read as no body at all.
        if (route.body && !route.upload && req.is('application/json') === false)
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
        const details: string[] = [];
        const params = parsePart(route.params, req.params, 'params', details, req.locale);
        const query = parsePart(route.query, req.query, 'query', details, req.locale);
        const body = parsePart(route.body, req.body, 'body', details, req.locale);
        if (details.length) throw new ValidationError(details);
        const result = await route.handler({
          params,
          query,
          body,
          actor: req.actor,
          locale: req.locale,
          req,
          res,
        } as never);
        if (!res.headersSent) res.status(res.statusCode || 200).json(result);
      } catch (err) {
        next(err);
      }
    });
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
        ...Object.fromEntries(
          successStatuses(route).map((s) => [s, { description: 'Success', content: successContent(route) }]),
        ),
        ...Object.fromEntries(
          errorStatuses(route).map((s) => [
            s,
            { description: 'Error', content: { 'application/json': { schema: ErrorBody } } },
          ]),
        ),
      },
    });
  }
}

/** The media types a route's success body may have (JSON unless it says otherwise). */
export function successMedia(route: Pick<AnyRoute, 'media'>): string[] {
  return route.media ?? ['application/json'];
}

/** The statuses a route answers on success, as OpenAPI documents them. */
export function successStatuses(route: Pick<AnyRoute, 'success'>): number[] {
  return route.success ?? [200];
}

const Binary = z.string().meta({ format: 'binary' });

function successContent(route: AnyRoute) {
  return Object.fromEntries(
    successMedia(route).map((type) => [type, { schema: type.startsWith('image/') ? Binary : route.response }]),
  );
}

/**
 * The error statuses a route may answer, as OpenAPI documents them: its own, 400 (bad input),
 * 401 (a token sent that is not valid, on any route; and nobody signed in where someone must
 * be), 415 for a JSON body, 403 for the wrong caller or behind the admin allow-list, 429
 * behind a rate limiter, and 503 (the database cannot answer now, or the request deadline
 * passed: DATABASE_UNAVAILABLE with Retry-After) on every route.
 */
export function errorStatuses(route: AnyRoute): number[] {
  const guarded = route.access !== 'public' && route.access !== 'optionalVisitor';
  return [
    ...new Set([
      ...(route.errors ?? []),
      400,
      401,
      ...(route.body && !route.upload ? [415] : []),
      ...(guarded ? [403] : []),
      ...(isAdminArea(route) ? [403] : []),
      ...(route.rateLimit ? [429] : []),
      503,
    ]),
  ].sort();
}

export type AnyRoute = RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>;
export type RouteFactory = (deps: AppDeps) => AnyRoute[];
