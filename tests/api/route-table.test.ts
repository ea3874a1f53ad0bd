import type { Express } from 'express';
import { request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createSpot, createStaffAccount, createVisitor } from '../helpers/factories';

/**
 * Who may call each API route (issue 3). A route missing here fails the test, so a new
 * route cannot ship without someone deciding who may call it.
 *   public: anyone; visitor: signed-in visitors; staff: admins and shop staff; admin: admins.
 */
const WHO_MAY_CALL: Record<string, 'public' | 'visitor' | 'staff' | 'admin'> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/auth/line/login': 'public',
  'GET /api/auth/me': 'visitor',
  'GET /api/config': 'public',
  'POST /api/auth/demo/login': 'public',
  'POST /api/login': 'public',
  'GET /api/user': 'staff',
  'GET /api/coupons/list/search': 'public',
  'GET /api/coupons/get/nearby/spot/list': 'public',
  'GET /api/coupons/get/campaign': 'public',
  'PUT /api/coupons/store/list': 'public',
  'POST /api/coupons/get/nearby/coupon/lists': 'public',
  'PUT /api/coupons/qr/:id': 'visitor',
  'PUT /api/coupons/set/favorite': 'visitor',
  'POST /api/coupons/search/coupon/count': 'public',
  'GET /api/coupons/search/tag/items': 'public',
  'GET /api/coupons/search/select/address': 'public',
  'GET /api/coupons/list/search/ranking': 'public',
  'GET /api/coupons/get/ranking': 'public',
  'GET /api/coupons/:id': 'public',
  'GET /api/campaigns': 'admin',
  'GET /api/campaigns/:id': 'admin',
  'POST /api/campaigns': 'admin',
  'PUT /api/campaigns/:id': 'admin',
  'GET /api/admincoupons': 'staff',
  'POST /api/admincoupons': 'staff',
  'GET /api/admincoupons/get/tags': 'staff',
  'GET /api/admincoupons/linepoint/amount': 'staff',
  'GET /api/admincoupons/:id': 'staff',
  'PUT /api/admincoupons/:id': 'staff',
  'DELETE /api/admincoupons/:id': 'staff',
  'POST /api/admincoupons/:id/images': 'staff',
  'DELETE /api/admincoupons/:id/images': 'staff',
  'GET /api/stamps/get/list': 'visitor',
  'GET /api/coupons/has/coupon/active': 'public',
  'GET /api/coupons/allnum/ticket': 'public',
  'GET /api/coupons/get/issue/yearmonth': 'visitor',
  'GET /api/coupons/get/user/coupon/:id': 'visitor',
  'POST /api/coupons/find/coupon/list': 'public',
  'POST /api/coupons/get/stamp/coupon': 'visitor',
  'POST /api/coupon/detail/check': 'visitor',
  'GET /api/stamps/spotcount': 'visitor',
  'GET /api/prizes/get/list': 'public',
  'GET /api/prizes/get/all/list': 'public',
  'POST /api/prizes/change/to/presents': 'visitor',
  'GET /api/prizes': 'admin',
  'POST /api/prizes': 'admin',
  'GET /api/prizes/:id': 'admin',
  'PUT /api/prizes/:id': 'admin',
  'DELETE /api/prizes/:id': 'admin',
  'POST /api/prizes/:id/images': 'admin',
  'DELETE /api/prizes/:id/images': 'admin',
  'GET /api/prizes/:id/applications': 'admin',
  'GET /api/prizes/:id/applications/csv': 'admin',
  'PUT /api/prizes/:id/applications/:applicationId': 'admin',
  'POST /api/contacts/send/mail/contact': 'public',
  'GET /api/faqs/front/list/category': 'public',
  'GET /api/faqs/list/category': 'admin',
  'POST /api/faqs/add/category': 'admin',
  'POST /api/faqs/add/faq': 'admin',
  'PUT /api/faqs/del/category': 'admin',
  'PUT /api/faqs/del/faq': 'admin',
  'GET /api/audit/:entity/:id': 'staff',
  'GET /api/spots': 'staff',
  'GET /api/spots/list': 'staff',
  'GET /api/spots/csv/export': 'staff',
  'GET /api/spots/csv/template': 'staff',
  'POST /api/spots/csv/import': 'admin',
  'POST /api/storeadmininfos': 'staff',
  'GET /api/spots/:id': 'staff',
  'PUT /api/spots/:id': 'staff',
  'POST /api/spots/:id/qrcode/rotate': 'staff',
  'GET /api/coupons/get/spot/qrcode': 'staff',
  'GET /api/admincoupons/get/ranking': 'staff',
  'GET /api/admincoupons/csv/export': 'staff',
  'GET /api/admincoupons/csv/template': 'staff',
  'POST /api/admincoupons/csv/import': 'admin',
  'GET /api/openapi.json': 'public',
};

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  name: string;
  handle: { stack?: Layer[] };
  match: (p: string) => boolean;
};

/** Lists "METHOD /path" of every route by walking the Express router and its mounted routers. */
function listRoutes(app: Express): string[] {
  const found: string[] = [];
  const root = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  for (const layer of root) {
    if (layer.name !== 'router' || !layer.handle.stack) continue;
    const prefix = layer.match('/api/anything') ? '/api' : '';
    for (const inner of layer.handle.stack) {
      if (!inner.route) continue;
      for (const method of Object.keys(inner.route.methods))
        found.push(`${method.toUpperCase()} ${prefix}${inner.route.path}`);
    }
  }
  return found;
}

describe('route access table', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let app: Express;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db).app;
    await createSpot(db, { storeCode: 'kmt-route' });
    tokens.visitor = (await createVisitor(db)).auth;
    tokens.shop = (await createStaffAccount(db, { role: 'shop', spots: ['kmt-route'] })).auth;
    tokens.admin = (await createStaffAccount(db, { role: 'admin' })).auth;
  });
  afterAll(() => destroy());

  it('lists every route of the router in the table, and nothing the router lacks', () => {
    const routes = listRoutes(app);
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((r) => !(r in WHO_MAY_CALL))).toEqual([]);
    expect(Object.keys(WHO_MAY_CALL).filter((r) => !routes.includes(r))).toEqual([]);
  });

  const mayCall = (rule: string, caller: string) =>
    rule === 'public' ||
    (rule === 'visitor' && caller === 'visitor') ||
    (rule === 'staff' && (caller === 'shop' || caller === 'admin')) ||
    (rule === 'admin' && caller === 'admin');

  it.each(['anonymous', 'visitor', 'shop', 'admin'])('enforces the table for %s callers', async (caller) => {
    // A fresh app per caller: its own rate limiters, so 60 writes a minute per address cover every route.
    const own = testApp(db).app;
    for (const route of listRoutes(own)) {
      const [method, path] = route.split(' ') as [string, string];
      const r = request(own)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path.replace(/:(\w+)/g, '1'));
      if (tokens[caller]) r.set('Authorization', tokens[caller]!);
      const res = await r.send({});
      const rule = WHO_MAY_CALL[route]!;
      if (mayCall(rule, caller)) {
        expect([401, 403], `${caller} ${route} answered ${res.status}`).not.toContain(res.status);
      } else {
        expect(res.status, `${caller} ${route}`).toBe(caller === 'anonymous' ? 401 : 403);
      }
    }
  });
});
