import express, { type Express } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { errorHandler } from '../../server/src/http/error-handler';
import { locale, requestId } from '../../server/src/http/middleware';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/** Cross-cutting HTTP behaviour: trailing slash (spec 2), the error envelope, OpenAPI. */
/** Pages of the PWA and built files, which no API route declares. */
const page = (app: Express) => request(app, { unrouted: 'a page of the PWA' });
const file = (app: Express) => request(app, { unrouted: 'a built file' });

describe('HTTP plumbing', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: ReturnType<typeof testApp>['app'];
  const dist = mkdtempSync(join(tmpdir(), 'passport-dist-'));

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>passport</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    app = testApp(db, { config: { clientDist: dist } }).app;
  });
  afterAll(() => destroy());

  it('302s a page path without a trailing slash to the same path with it, keeping the query', async () => {
    const r = await page(app).get('/coupon/12?from=line&x=1');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/coupon/12/?from=line&x=1');
    expect((await page(app).get('/en/stamp')).headers.location).toBe('/en/stamp/');
  });

  it('never redirects to another host', async () => {
    // A raw request: HTTP clients would read `//evil-host` as a host, not a path.
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ status?: number; location?: string }>((ok, fail) =>
      http
        .get({ host: '127.0.0.1', port, path: '//evil-host' }, (res) => {
          res.resume();
          ok({ status: res.statusCode, location: res.headers.location });
        })
        .on('error', fail),
    );
    server.close();
    expect(answer).toEqual({ status: 302, location: '/evil-host/' });
  });

  it('serves page paths with a slash as the PWA, and exempts /api and asset files', async () => {
    const faq = await page(app).get('/faq/');
    expect(faq.status).toBe(200);
    expect(faq.text).toContain('<title>passport</title>');
    const asset = await file(app).get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expectError(await file(app).get('/assets/missing.js'), 404, 'NOT_FOUND');
    expect((await request(app).get('/api/coupons/get/campaign')).status).toBe(200);
  });

  it('compresses what it serves when the browser accepts gzip', async () => {
    writeFileSync(join(dist, 'assets', 'big-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`);
    const r = await file(app).get('/assets/big-abc123.js').set('Accept-Encoding', 'gzip');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    const api = await request(app).get('/api/openapi.json').set('Accept-Encoding', 'gzip');
    expect(api.headers['content-encoding']).toBe('gzip');
  });

  it('answers unknown API paths with a 404 error envelope in the caller language', async () => {
    const r = await request(app, { unrouted: 'an API path nobody declares' })
      .get('/api/nothing/here')
      .set('x-lang', 'ko');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      error: { code: 'NOT_FOUND', message: '찾을 수 없습니다.', requestId: expect.any(String) },
    });
    expect(r.headers['x-request-id']).toBe(r.body.error.requestId);
  });

  it('falls back to ja for an unknown x-lang', async () => {
    const r = await request(app, { unrouted: 'an API path nobody declares' }).get('/api/nothing').set('x-lang', 'fr');
    expect(r.body.error.message).toBe('見つかりませんでした。');
  });

  it('answers 500 without internals for an unknown failure', async () => {
    const broken = express();
    broken.use(requestId, locale);
    broken.get('/boom', () => {
      throw new Error('secret internal detail');
    });
    broken.use(errorHandler);
    const original = console.error;
    console.error = () => undefined;
    const r = await request(broken, { unrouted: 'a throwaway app with one failing path' })
      .get('/boom')
      .set('x-lang', 'en');
    console.error = original;
    expectError(r, 500, 'INTERNAL');
    expect(r.body.error).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong. Please try again later.' });
    expect(JSON.stringify(r.body)).not.toContain('secret');
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const r = await request(app).get('/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    for (const path of [
      '/api/coupons/list/search',
      '/api/coupons/{id}',
      '/api/coupons/get/nearby/spot/list',
      '/api/coupons/get/campaign',
      '/api/coupons/qr/{id}',
      '/api/stamps/get/list',
      '/api/auth/line/login',
    ]) {
      expect(r.body.paths[path], path).toBeDefined();
    }
    const put = r.body.paths['/api/coupons/qr/{id}'].put;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '422']));
    expect(put.requestBody.content['application/json'].schema.properties).toHaveProperty('lat');
    // What the routes really answer: 201 on a create, CSV text, QR code images.
    expect(Object.keys(r.body.paths['/api/campaigns'].post.responses)).toContain('201');
    expect(Object.keys(r.body.paths['/api/storeadmininfos'].post.responses)).toEqual(
      expect.arrayContaining(['200', '201']),
    );
    expect(Object.keys(r.body.paths['/api/spots/csv/export'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(Object.keys(r.body.paths['/api/coupons/get/spot/qrcode'].get.responses['200'].content)).toEqual([
      'application/json',
      'image/svg+xml',
      'image/png',
    ]);
    // A token that is not valid is refused on every route, public ones too.
    expect(Object.keys(r.body.paths['/api/coupons/list/search'].get.responses)).toContain('401');
  });
});
