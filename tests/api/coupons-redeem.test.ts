import { errorCode, expectError, request } from '../helpers/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { fixedClock, testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCampaign, createCoupon, createSpot, createVisitor, northOf } from '../helpers/factories';

/** PUT /api/coupons/qr/{id}: spec 4, 5, 9 and issue 2. */
describe('PUT /api/coupons/qr/{id} (mark as used)', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  const clock = fixedClock('2026-11-21T03:00:00Z');
  let app: ReturnType<typeof testApp>['app'];
  let spot: { id: number; lat: number; lng: number };
  let couponId: number;
  let lodgingCouponId: number;
  let campaignId: number;
  let keySeq = 0;
  const key = () => `test-key-${(keySeq += 1).toString().padStart(6, '0')}`;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    app = testApp(db, { clock }).app;
    spot = await createSpot(db, { name: '熊本城前の店', rangeM: 500 });
    const inn = await createSpot(db, { name: '阿蘇の宿', purpose: 'lodging', lat: 32.88, lng: 131.1 });
    couponId = await createCoupon(db, { spotIds: [spot.id], title: 'ランチ10%オフ' });
    lodgingCouponId = await createCoupon(db, { spotIds: [inn.id], purpose: 'lodging', title: '宿泊特典' });
    campaignId = await createCampaign(db);
  });
  afterAll(() => destroy());
  beforeEach(() => clock.set('2026-11-21T03:00:00Z'));

  const put = (id: number, auth: string | null, body: object, k: string | null = key(), lang = 'ja') => {
    const r = request(app).put(`/api/coupons/qr/${id}`).set('x-lang', lang);
    if (auth) r.set('Authorization', auth);
    if (k) r.set('Idempotency-Key', k);
    return r.send(body);
  };
  const countRedemptions = async (userId: number) =>
    Number((await db('redemptions').where({ user_id: userId }).count({ n: '*' }))[0]?.n);
  const countStamps = async (userId: number) =>
    Number((await db('stamps').where({ user_id: userId }).count({ n: '*' }))[0]?.n);

  it('401 without a token, and changes nothing', async () => {
    const r = await put(couponId, null, { lat: spot.lat, long: spot.lng });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('UNAUTHORIZED');
    expect(Number((await db('redemptions').count({ n: '*' }))[0]?.n)).toBe(0);
  });

  it('401 with a token signed by another secret', async () => {
    const v = await createVisitor(db, { jwtSecret: 'some-other-secret-0123456789' });
    const r = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('INVALID_TOKEN');
  });

  it('400 on a missing or malformed Idempotency-Key and on a bad body', async () => {
    const v = await createVisitor(db);
    const noKey = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng }, null);
    expectError(noKey, 400, 'VALIDATION_FAILED');
    expect(noKey.body.error.details[0]).toMatch(/^headers\.Idempotency-Key: /);
    const badKey = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng }, 'x');
    expectError(badKey, 400, 'VALIDATION_FAILED');
    const badLat = await put(couponId, v.auth, { lat: 91, long: spot.lng });
    expectError(badLat, 400, 'VALIDATION_FAILED');
    expect(badLat.body.error.details.join()).toContain('body.lat');
    const stringLat = await put(couponId, v.auth, { lat: 'north', long: spot.lng });
    expectError(stringLat, 400, 'VALIDATION_FAILED');
    const badJson = await request(app)
      .put(`/api/coupons/qr/${couponId}`)
      .set('Authorization', v.auth)
      .set('Idempotency-Key', key())
      .set('Content-Type', 'application/json')
      .send('{"lat": ');
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe('MALFORMED_BODY');
    expect(await countRedemptions(v.id)).toBe(0);
  });

  it('404 for an unknown or unpublished coupon', async () => {
    const v = await createVisitor(db);
    expectError(await put(999999, v.auth, { lat: spot.lat, long: spot.lng }), 404, 'COUPON_NOT_FOUND');
    const hidden = await createCoupon(db, { spotIds: [spot.id], published: false });
    const r = await put(hidden, v.auth, { lat: spot.lat, long: spot.lng });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('COUPON_NOT_FOUND');
  });

  it('422 NOT_NEARBY with the spec message when no usable spot is in range', async () => {
    const v = await createVisitor(db);
    const far = northOf(spot.lat, spot.lng, 5000);
    const en = await put(couponId, v.auth, { lat: far.lat, long: far.lng }, key(), 'en');
    expectError(en, 422, 'NOT_NEARBY');
    expect(en.body.error).toMatchObject({
      code: 'NOT_NEARBY',
      message: 'No places nearby where the coupon can be used were found.',
    });
    expect(en.body.error.requestId).toBeTruthy();
    const ja = await put(couponId, v.auth, { lat: far.lat, long: far.lng });
    expect(ja.body.error.message).toBe('クーポンが利用できる場所が近くに見つかりませんでした。');
    expect(await countRedemptions(v.id)).toBe(0);
  });

  it('takes the reported accuracy into account, up to 100 m', async () => {
    const v = await createVisitor(db);
    const p = northOf(spot.lat, spot.lng, 560); // 60 m outside the 500 m range
    expectError(await put(couponId, v.auth, { lat: p.lat, long: p.lng, accuracy: 30 }), 422, 'NOT_NEARBY');
    const far = northOf(spot.lat, spot.lng, 650); // 150 m outside: a 3 km fix must not unlock it
    expectError(await put(couponId, v.auth, { lat: far.lat, long: far.lng, accuracy: 3000 }), 422, 'NOT_NEARBY');
    const ok = await put(couponId, v.auth, { lat: p.lat, long: p.lng, accuracy: 80 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.redemption.distanceM).toBeGreaterThan(550);
  });

  it('200 with the redemption and a red stamp (1) during the rally', async () => {
    const v = await createVisitor(db);
    const near = northOf(spot.lat, spot.lng, 120);
    const r = await put(couponId, v.auth, { lat: near.lat, long: near.lng, accuracy: 12 });
    expect(r.status).toBe(200);
    expect(r.body.data.redemption).toMatchObject({
      couponId,
      spotId: spot.id,
      spotName: '熊本城前の店',
      usedOn: '2026-11-21',
    });
    expect(r.body.data.redemption.distanceM).toBeGreaterThanOrEqual(119);
    expect(r.body.data.redemption.distanceM).toBeLessThanOrEqual(121);
    expect(r.body.data.stamp).toMatchObject({ campaignId, kind: 'red', value: 1, couponId });
    const row = await db('redemptions').where({ user_id: v.id }).first();
    expect(row).toMatchObject({ coupon_id: couponId, spot_id: spot.id, used_on: '2026-11-21' });
    expect(await countStamps(v.id)).toBe(1);
    const detail = await request(app).get(`/api/coupons/${couponId}`).set('Authorization', v.auth);
    expect(detail.body.data.usedToday).toBe(true);
  });

  it('gives a gold stamp (10) for a lodging coupon', async () => {
    const v = await createVisitor(db);
    const r = await put(lodgingCouponId, v.auth, { lat: 32.88, long: 131.1 });
    expect(r.status).toBe(200);
    expect(r.body.data.stamp).toMatchObject({ kind: 'gold', value: 10 });
  });

  it('gives no stamp outside the rally, but still records the use', async () => {
    clock.set('2027-02-01T03:00:00Z');
    const v = await createVisitor(db, { nowMs: Date.parse('2027-02-01T03:00:00Z') });
    const r = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng });
    expect(r.status).toBe(200);
    expect(r.body.data.stamp).toBeNull();
    expect(r.body.data.redemption.usedOn).toBe('2027-02-01');
    expect(await countStamps(v.id)).toBe(0);
  });

  it('409 ALREADY_USED_TODAY on a second use the same JST day', async () => {
    const v = await createVisitor(db);
    expect((await put(couponId, v.auth, { lat: spot.lat, long: spot.lng })).status).toBe(200);
    const again = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng }, key(), 'en');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_USED_TODAY');
    expect(await countRedemptions(v.id)).toBe(1);
    expect(await countStamps(v.id)).toBe(1);
  });

  it('counts days in JST: 23:59 and 00:00 JST are two days; 23:59 and 23:59:30 are one', async () => {
    const v = await createVisitor(db);
    clock.set('2026-11-21T14:59:00Z'); // 23:59 JST on the 21st
    const late = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng });
    expect(late.status).toBe(200);
    expect(late.body.data.redemption.usedOn).toBe('2026-11-21');
    clock.set('2026-11-21T14:59:30Z');
    expectError(await put(couponId, v.auth, { lat: spot.lat, long: spot.lng }), 409, 'ALREADY_USED_TODAY');
    clock.set('2026-11-21T15:00:00Z'); // 00:00 JST on the 22nd
    const next = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng });
    expect(next.status).toBe(200);
    expect(next.body.data.redemption.usedOn).toBe('2026-11-22');
    expect(await countRedemptions(v.id)).toBe(2);
  });

  it('judges the JST day and rally by usedAt up to 24 h old, and refuses older or future times', async () => {
    const v = await createVisitor(db);
    clock.set('2026-11-01T01:00:00Z'); // 10:00 JST on the rally's first day
    const queued = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, usedAt: '2026-10-31T14:30:00Z' });
    expect(queued.status).toBe(200);
    expect(queued.body.data.redemption.usedOn).toBe('2026-10-31');
    expect(queued.body.data.stamp).toBeNull(); // pressed the day before the rally began
    const tooOld = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, usedAt: '2026-10-30T23:00:00Z' });
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.error.code).toBe('USED_AT_OUT_OF_RANGE');
    const future = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, usedAt: '2026-11-01T02:00:00Z' });
    expectError(future, 422, 'USED_AT_OUT_OF_RANGE');
    const badDate = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, usedAt: 'yesterday' });
    expectError(badDate, 400, 'VALIDATION_FAILED');
  });

  it('refuses a usedAt before the account was created (beyond 5 min of clock drift)', async () => {
    const v = await createVisitor(db);
    await db('users').where({ id: v.id }).update({ created_at: '2026-11-21T02:00:00.000Z' }); // 11:00 JST
    const before = await put(
      couponId,
      v.auth,
      { lat: spot.lat, long: spot.lng, usedAt: '2026-11-21T01:00:00Z' },
      key(),
      'en',
    );
    expect(before.status).toBe(422);
    expect(before.body.error.code).toBe('USED_AT_OUT_OF_RANGE');
    const yesterday = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, usedAt: '2026-11-20T04:00:00Z' });
    expectError(yesterday, 422, 'USED_AT_OUT_OF_RANGE');
    expect(await countRedemptions(v.id)).toBe(0);
    // A phone whose clock runs a little slow, pressing right after signing in.
    const drift = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, usedAt: '2026-11-21T01:57:00Z' });
    expect(drift.status).toBe(200);
  });

  it('a backdated usedAt cannot buy a second use on the day received (409, nothing changes)', async () => {
    const backdated = new Date(Date.parse('2026-11-21T03:00:00Z') - 23.5 * 3600 * 1000).toISOString(); // 12:30 JST on the 20th
    const v = await createVisitor(db);
    const today = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng });
    expect(today.status).toBe(200);
    expect(today.body.data.redemption.usedOn).toBe('2026-11-21');
    const again = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, usedAt: backdated }, key(), 'en');
    expectError(again, 409, 'ALREADY_USED_TODAY');
    expect(again.body.error).toMatchObject({
      code: 'ALREADY_USED_TODAY',
      message: 'You have already used this coupon today. Each coupon can be used once a day.',
    });
    expect(await countRedemptions(v.id)).toBe(1);
    expect(await countStamps(v.id)).toBe(1);

    // The other order: the backdated press is stored for the 20th and uses up the 21st too.
    const w = await createVisitor(db);
    const first = await put(couponId, w.auth, { lat: spot.lat, long: spot.lng, usedAt: backdated });
    expect(first.status).toBe(200);
    expect(first.body.data.redemption.usedOn).toBe('2026-11-20');
    const now = await put(couponId, w.auth, { lat: spot.lat, long: spot.lng }, key(), 'en');
    expect(now.status).toBe(409);
    expect(now.body.error.code).toBe('ALREADY_USED_TODAY');
    expect(await db('redemptions').where({ user_id: w.id }).select('used_on', 'received_on')).toEqual([
      { used_on: '2026-11-20', received_on: '2026-11-21' },
    ]);
    expect(await countStamps(w.id)).toBe(1);
    const detail = await request(app).get(`/api/coupons/${couponId}`).set('Authorization', w.auth);
    expect(detail.body.data.usedToday).toBe(true);
  });

  it('30 parallel presses mixing backdated and current usedAt give one redemption and one stamp per JST day received', async () => {
    const v = await createVisitor(db);
    const burst = async () => {
      const now = clock.now().getTime();
      const bodies = Array.from({ length: 30 }, (_, i) => {
        const body = { lat: spot.lat, long: spot.lng };
        if (i % 3 === 0) return body;
        return { ...body, usedAt: new Date(now - (i % 3 === 1 ? 23.5 : 2) * 3600 * 1000).toISOString() };
      });
      const answers = await Promise.all(bodies.map((b) => put(couponId, v.auth, b)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((st) => st === 200)).toHaveLength(1);
      expect(statuses.filter((st) => st === 409)).toHaveLength(29);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error.code).toBe('ALREADY_USED_TODAY');
    };
    await burst(); // received on the 21st (12:00 JST)
    clock.set('2026-11-21T15:30:00Z');
    await burst(); // received on the 22nd (00:30 JST): backdated ones fall on the 21st
    const rows = await db('redemptions').where({ user_id: v.id }).orderBy('received_on').select('received_on');
    expect(rows.map((r: { received_on: string }) => r.received_on)).toEqual(['2026-11-21', '2026-11-22']);
    expect(await countStamps(v.id)).toBe(2);
  });

  it('a press queued at 23:50 JST and sent at 00:10 counts for the day pressed and uses up the day received', async () => {
    const v = await createVisitor(db, { nowMs: Date.parse('2026-11-24T15:05:00Z') });
    const k = key();
    const queued = { lat: spot.lat, long: spot.lng, usedAt: '2026-11-24T14:50:00Z' }; // 23:50 JST on the 24th
    clock.set('2026-11-24T15:10:00Z'); // 00:10 JST on the 25th
    const sent = await put(couponId, v.auth, queued, k);
    expect(sent.status).toBe(200);
    expect(sent.body.data.redemption.usedOn).toBe('2026-11-24');
    expect(sent.body.data.stamp).toMatchObject({ campaignId, kind: 'red', value: 1 });
    expect(await db('redemptions').where({ user_id: v.id }).first('used_on', 'received_on')).toEqual({
      used_on: '2026-11-24',
      received_on: '2026-11-25',
    });
    // The phone sends it again (the answer was lost): the first answer, nothing changes.
    clock.set('2026-11-25T03:00:00Z'); // noon JST on the 25th
    const replay = await put(couponId, v.auth, queued, k);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(sent.body);
    // A new use on the 25th: that day is used up.
    const later = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng });
    expect(later.status).toBe(409);
    expect(later.body.error.code).toBe('ALREADY_USED_TODAY');
    expect(await countRedemptions(v.id)).toBe(1);
    expect(await countStamps(v.id)).toBe(1);
    clock.set('2026-11-25T15:01:00Z'); // 00:01 JST on the 26th: a new day
    expect((await put(couponId, v.auth, { lat: spot.lat, long: spot.lng })).status).toBe(200);
  });

  it('answers a reused idempotency key with the first answer, changing nothing', async () => {
    const v = await createVisitor(db);
    const k = key();
    const first = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng }, k);
    expect(first.status).toBe(200);
    const second = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng }, k);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await countRedemptions(v.id)).toBe(1);
    expect(await countStamps(v.id)).toBe(1);
  });

  it('422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const v = await createVisitor(db);
    const k = key();
    expect((await put(couponId, v.auth, { lat: spot.lat, long: spot.lng }, k)).status).toBe(200);
    const other = await put(couponId, v.auth, { lat: spot.lat + 0.0001, long: spot.lng }, k);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countRedemptions(v.id)).toBe(1);
  });

  it('accepts the shop check-in code in place of a position (store code entry)', async () => {
    await db('spots').where({ id: spot.id }).update({ qr_code: 'KMT7Q2XZ' });
    const v = await createVisitor(db);
    const wrong = await put(couponId, v.auth, { checkInCode: 'WRONG123' }, key(), 'en');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('STORE_CODE_INVALID');
    const publicStoreCode = await db('spots').where({ id: spot.id }).first('store_code');
    expectError(await put(couponId, v.auth, { checkInCode: publicStoreCode.store_code }), 422, 'STORE_CODE_INVALID');
    const ok = await put(couponId, v.auth, { checkInCode: ' kmt7q2xz ' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.redemption).toMatchObject({ spotId: spot.id, distanceM: 0 });
    expect(ok.body.data.stamp).toMatchObject({ kind: 'red', value: 1 });
    expect(await db('redemptions').where({ user_id: v.id }).first()).toMatchObject({
      proof: 'check_in_code',
      accuracy_m: null,
    });
  });

  it('400 for a body with both a position and a check-in code, or with neither', async () => {
    const v = await createVisitor(db);
    const both = await put(couponId, v.auth, { lat: spot.lat, long: spot.lng, checkInCode: 'KMT7Q2XZ' });
    expectError(both, 400, 'VALIDATION_FAILED');
    expect(both.body.error.details.join()).toContain('body.checkInCode');
    const neither = await put(couponId, v.auth, { accuracy: 10 });
    expectError(neither, 400, 'VALIDATION_FAILED');
    expect(neither.body.error.details.join()).toMatch(/body\.lat.*body\.long|body\.long.*body\.lat/);
    expect(await countRedemptions(v.id)).toBe(0);
  });

  it('50 parallel presses with different keys give exactly one redemption and one stamp', async () => {
    const v = await createVisitor(db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => put(couponId, v.auth, { lat: spot.lat, long: spot.lng })),
    );
    const outcomes = answers.map((a) => (a.status === 200 ? '200' : `${a.status} ${errorCode(a)}`));
    expect(outcomes.filter((s) => s === '200')).toHaveLength(1);
    expect(outcomes.filter((s) => s === '409 ALREADY_USED_TODAY')).toHaveLength(49);
    expect(await countRedemptions(v.id)).toBe(1);
    expect(await countStamps(v.id)).toBe(1);
  });

  it('20 parallel replays of one key give one redemption and the same answer to all', async () => {
    const v = await createVisitor(db);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => put(couponId, v.auth, { lat: spot.lat, long: spot.lng }, k)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(await countRedemptions(v.id)).toBe(1);
    expect(await countStamps(v.id)).toBe(1);
  });
});

/** Migration 20261123000000: redemptions.received_on, backfilled with the used-on date, and its down. */
describe('migration redemption_received_on', () => {
  const name = '20261123000000_redemption_received_on.ts';
  let db: Db;
  let destroy: () => Promise<void>;
  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
  });
  afterAll(() => destroy());

  it('backfills received_on with used_on, and goes down and up again with data in place', async () => {
    const app = testApp(db).app;
    const spot = await createSpot(db);
    const couponId = await createCoupon(db, { spotIds: [spot.id] });
    await createCampaign(db);
    const v = await createVisitor(db);
    const r = await request(app)
      .put(`/api/coupons/qr/${couponId}`)
      .set('Authorization', v.auth)
      .set('Idempotency-Key', 'migration-key-1')
      .send({ lat: spot.lat, long: spot.lng, usedAt: '2026-11-20T05:00:00Z' });
    expect(r.status).toBe(200);

    await db.migrate.down({ name });
    expect(await db.schema.hasColumn('redemptions', 'received_on')).toBe(false);
    await db.migrate.up({ name });
    expect(await db('redemptions').where({ user_id: v.id }).select('used_on', 'received_on')).toEqual([
      { used_on: '2026-11-20', received_on: '2026-11-20' },
    ]);
    expect(Number((await db('stamps').where({ user_id: v.id }).count({ n: '*' }))[0]?.n)).toBe(1);
  });
});
