import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { deliverDueInquiries } from '../../server/src/domains/contacts/contacts.service';
import { createSmtpMailer } from '../../server/src/mail/mailer';
import { testApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createCoupon, createSpot } from '../helpers/factories';
import { startSmtpServer } from '../helpers/smtp';

const mail = { contactTo: 'office@kumamoto.example.jp' };
const good = {
  lineName: '熊本 太郎',
  email: 'taro@example.jp',
  content: '営業時間を教えてください。',
  agreed: true,
};

/** The text of a received mail's body, its quoted-printable or base64 transfer encoding undone. */
function bodyText(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i += 1) {
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/**
 * The information form `/info/form/` (issue 15): an inquiry about a coupon or a shop through
 * POST /api/contacts/send/mail/contact with `about`, the contact form's validation and mail queue.
 */
describe('information form: POST /api/contacts/send/mail/contact with about', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let spot: { id: number };
  let coupon: number;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    smtp = await startSmtpServer();
    spot = await createSpot(db, { name: '黒川温泉 旅館' });
    coupon = await createCoupon(db, {
      spotIds: [spot.id],
      title: '日帰り入浴200円引き',
      titleEn: '200 yen off a day bath',
    });
  });
  afterAll(async () => {
    await smtp.close();
    await destroy();
  });

  const appWith = (smtpUrl: string) =>
    testApp(db, {
      config: { mail: { smtpUrl, contactTo: mail.contactTo, from: 'passport@example.jp' } },
      mailer: createSmtpMailer(smtpUrl, 'passport@example.jp'),
    }).app;
  const send = (body: unknown, smtpUrl = smtp.url) =>
    request(appWith(smtpUrl))
      .post('/api/contacts/send/mail/contact')
      .send(body as object);
  const count = async () => Number((await db('contact_inquiries').count({ n: '*' }))[0]?.n);

  it('400 VALIDATION_FAILED for a bad about, and the contact rules (required, agreement), storing nothing', async () => {
    const before = await count();
    for (const about of [
      { kind: 'shop', id: spot.id },
      { kind: 'coupon' },
      { kind: 'coupon', id: 0 },
      { id: coupon },
      'coupon',
    ])
      expectError(await send({ ...good, about }), 400, 'VALIDATION_FAILED', JSON.stringify(about));
    const empty = await send({ ...good, content: ' ', about: { kind: 'coupon', id: coupon } }).set('x-lang', 'en');
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(empty.body.error.details).toContain('body.content: Please be sure to input');
    expectError(await send({ ...good, agreed: false, about: { kind: 'spot', id: spot.id } }), 400, 'VALIDATION_FAILED');
    expect(await count()).toBe(before);
  });

  it('404 COUPON_NOT_FOUND / SPOT_NOT_FOUND for an unknown one, storing nothing', async () => {
    const before = await count();
    expectError(await send({ ...good, about: { kind: 'coupon', id: 999999 } }), 404, 'COUPON_NOT_FOUND');
    expectError(await send({ ...good, about: { kind: 'spot', id: 999999 } }), 404, 'SPOT_NOT_FOUND');
    expect(await count()).toBe(before);
  });

  it('stores what it is about with its Japanese name and mails it, named, to CONTACT_TO', async () => {
    const before = smtp.received.length;
    const r = await send({ ...good, about: { kind: 'coupon', id: coupon } }).set('x-lang', 'en');
    expect(r.status).toBe(200);
    const row = await db('contact_inquiries').where({ id: r.body.data.id }).first();
    expect([row.about_kind, row.about_id, row.about_label]).toEqual(['coupon', coupon, '日帰り入浴200円引き']);
    expect(smtp.received.length).toBe(before + 1);
    const text = bodyText(smtp.received.at(-1)!.raw);
    expect(text).toContain(`対象: クーポン #${coupon}「日帰り入浴200円引き」`);
    expect(text).toContain('営業時間を教えてください。');
  });

  it('an inquiry about a shop kept while SMTP is down is mailed later, still naming the shop', async () => {
    const r = await send(
      { ...good, content: '駐車場はありますか', about: { kind: 'spot', id: spot.id } },
      'smtp://127.0.0.1:9',
    );
    expect(r.status).toBe(200);
    const before = smtp.received.length;
    await deliverDueInquiries(
      db,
      createSmtpMailer(smtp.url, 'passport@example.jp'),
      mail,
      new Date('2026-11-21T03:05:00Z'),
    );
    const sent = smtp.received.slice(before).find((m) => m.raw.includes(`X-Passport-Inquiry: ${r.body.data.id}`));
    expect(sent).toBeDefined();
    expect(bodyText(sent!.raw)).toContain(`対象: 店舗 #${spot.id}「黒川温泉 旅館」`);
  });

  it('the contact form without about is unchanged: no about stored, no 対象 line', async () => {
    const before = smtp.received.length;
    const r = await send(good);
    expect(r.status).toBe(200);
    const row = await db('contact_inquiries').where({ id: r.body.data.id }).first();
    expect([row.about_kind, row.about_id, row.about_label]).toEqual([null, null, null]);
    expect(bodyText(smtp.received[before]!.raw)).not.toContain('対象:');
  });
});
