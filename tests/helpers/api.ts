import supertest, { type Response, type Test } from 'supertest';
import type { App } from 'supertest/types';
import { expect } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '../../server/src/app';
import { ErrorBody } from '@contracts/common';
import { errorStatuses, successMedia, successStatuses, type AnyRoute } from '../../server/src/http/route';
import { testConfig } from './app';

/**
 * The request helper of every API test (issue 11, section 5): supertest, with each answer
 * checked against the route table the server mounts and OpenAPI documents, so the document
 * and the code cannot drift. A success must have a documented status, a documented media
 * type and a body its route's `response` schema accepts with no undeclared field; an error a
 * documented status and the error envelope `{error:{code,message,details?,requestId}}` (the
 * admin allow-list's bare 403 aside). A request to a path no route declares fails the test
 * unless it says why with `unrouted` (pages, static files, the OpenAPI document, 404 probes).
 */

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'head' | 'options';

/** What an answer looked like, enough to check it: a supertest response fits. */
export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
  text?: string;
}

interface RoutePattern {
  route: AnyRoute;
  pattern: RegExp;
}

let table: RoutePattern[] | undefined;

/** The route table as the app mounts it (only its declarations are read; no handler runs). */
function routeTable(): RoutePattern[] {
  table ??= apiRoutes({ config: testConfig() } as Parameters<typeof apiRoutes>[0]).map((route) => ({
    route,
    // Express matches paths case-insensitively, with an optional trailing slash.
    pattern: new RegExp(`^/api${route.path.replace(/\{\w+\}/g, '[^/]+')}/?$`, 'i'),
  }));
  return table;
}

/** The route Express would run for `method url` (the first mounted that matches), if any. */
export function routeFor(method: string, url: string): AnyRoute | undefined {
  const path = new URL(url, 'http://test').pathname;
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  return routeTable().find((r) => r.route.method === m && r.pattern.test(path))?.route;
}

/** `GET /api/openapi.json`, the document generated from the route table (app.ts serves it beside the table). */
const isOpenApiDocument = (method: string, url: string) =>
  method.toLowerCase() === 'get' && new URL(url, 'http://test').pathname === '/api/openapi.json';
const OpenApiDocument = z.object({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) });

/** Fields of `input` that parsing dropped: keys the body has and the schema does not declare. */
function undeclaredKeys(input: unknown, output: unknown, at = 'body'): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((item, i) => undeclaredKeys(item, output[i], `${at}[${i}]`));
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.keys(input).flatMap((key) =>
    key in output ? undeclaredKeys(input[key], output[key], `${at}.${key}`) : [`${at}.${key}: not declared`],
  );
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);
}

const mediaOf = (answer: Answer) => (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** Problems with a JSON body against a schema: zod's issues, then any undeclared field. */
function schemaProblems(schema: AnyRoute['response'], body: unknown): string[] {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((i) => `body.${i.path.join('.')}: ${i.message}`);
  return undeclaredKeys(body, parsed.data);
}

/**
 * What is wrong with an answer to `method url` by the declared route table (empty: nothing).
 * `unrouted` is the reason a request may go to a path no route declares.
 */
export function answerProblems(method: string, url: string, answer: Answer, unrouted?: string): string[] {
  const route = unrouted ? undefined : routeFor(method, url);
  const media = mediaOf(answer);
  // The allow-lists (the whole site's, the admin area's) refuse with a bare 403 (spec 6: nothing is told).
  if (answer.status === 403 && !media && !answer.text) return [];
  if (!route && isOpenApiDocument(method, url)) {
    const doc = OpenApiDocument.safeParse(answer.body);
    return doc.success ? [] : [`the OpenAPI document: ${doc.error.message}`];
  }
  if (!route) {
    if (!unrouted) return [`no route declares ${method.toUpperCase()} ${url} (pass unrouted with the reason)`];
    // An unrouted /api path still answers the envelope (404 NOT_FOUND, 400 MALFORMED_URL).
    if (answer.status >= 400 && media === 'application/json') return schemaProblems(ErrorBody.strict(), answer.body);
    return [];
  }
  const name = `${route.method.toUpperCase()} /api${route.path}`;
  if (answer.status >= 400) {
    const problems: string[] = [];
    // Statuses any API request can get: a body too large or not JSON, a server fault.
    const anyRoute = [413, 500];
    if (!errorStatuses(route).includes(answer.status) && !anyRoute.includes(answer.status))
      problems.push(`${name} answered ${answer.status}, which its route does not document`);
    if (media !== 'application/json')
      return [...problems, `${name} answered ${answer.status} as ${media || 'no body'}`];
    return [...problems, ...schemaProblems(ErrorBody.strict(), answer.body)];
  }
  if (!successStatuses(route).includes(answer.status))
    return [`${name} answered ${answer.status}; its route documents ${successStatuses(route).join(', ')}`];
  // HEAD answers a GET's headers without its body.
  if (method.toLowerCase() === 'head') return [];
  if (!successMedia(route).includes(media))
    return [`${name} answered ${media || 'no body'}; its route documents ${successMedia(route).join(', ')}`];
  if (media === 'application/json') return schemaProblems(route.response, answer.body);
  if (media.startsWith('text/'))
    return schemaProblems(route.response, Buffer.isBuffer(answer.body) ? answer.body.toString('utf8') : answer.text);
  return [];
}

/** Throws, naming every problem, when an answer does not match its declared route. */
export function checkAnswer(method: string, url: string, answer: Answer, unrouted?: string): void {
  const problems = answerProblems(method, url, answer, unrouted);
  if (problems.length) throw new Error(`answer does not match the route table:\n  ${problems.join('\n  ')}`);
}

export type CheckedAgent = Record<Method, (url: string) => Test>;

/**
 * supertest over `app` with every answer checked by `checkAnswer` (before the test's own
 * expectations). `unrouted`: why these requests go to paths no API route declares.
 */
export function request(app: App, opts: { unrouted?: string } = {}): CheckedAgent {
  const agent = supertest(app);
  const method =
    (m: Method) =>
    (url: string): Test =>
      agent[m](url).expect((res: Response) => checkAnswer(m, url, res as unknown as Answer, opts.unrouted));
  return {
    get: method('get'),
    post: method('post'),
    put: method('put'),
    delete: method('delete'),
    patch: method('patch'),
    head: method('head'),
    options: method('options'),
  };
}

/** The error code of an answer (its envelope's `error.code`), or undefined. */
export const errorCode = (res: { body: unknown }) => (res.body as { error?: { code?: string } } | null)?.error?.code;

/**
 * Asserts an error answer by its status and its code together (never the status alone):
 * `expectError(res, 409, 'ALREADY_USED_TODAY')`.
 */
export function expectError(res: { status: number; body: unknown }, status: number, code: string, what?: string) {
  expect({ status: res.status, code: errorCode(res) }, what).toEqual({ status, code });
}

/** Asserts the allow-lists' refusal (spec 6): 403 with an empty body, so no code to name. */
export function expectAllowListRefusal(res: { status: number; text?: string; type?: string }, what?: string) {
  expect({ status: res.status, text: res.text, type: res.type }, what).toEqual({ status: 403, text: '', type: '' });
}
