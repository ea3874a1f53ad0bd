import { expectError, request } from '../helpers/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/knex';
import { deliverDueInquiries } from '../../server/src/domains/contacts/contacts.service';
import { createSmtpMailer } from '../../server/src/mail/mailer';
import { DOMAINS } from '../../server/src/domains';
import { fixedClock, testApp, testConfig } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { startSmtpServer } from '../helpers/smtp';

const mail = { contactTo: 'office@kumamoto.example.jp' };
const good = {
  lineName: '熊本 太郎',
  email: 'taro@example.jp',
  content: '黒川温泉のクーポンについて教えてください。',
  agreed: true,
};

/** POST /api/contacts/send/mail/contact (spec 5, 7; issue 4). */
describe('contact form', () => {
  let db: Db;
  let destroy: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    smtp = await startSmtpServer();
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
  const count = async () => Number((await db('contact_inquiries').count({ n: '*' }))[0]?.n);

  it.each([
    ['lineName', { ...good, lineName: '   ' }],
    ['email', { ...good, email: '' }],
    ['content', { ...good, content: '' }],
  ])('400 "please be sure to input" when %s is empty, storing nothing', async (field, body) => {
    const before = await count();
    const r = await request(appWith(smtp.url)).post('/api/contacts/send/mail/contact').set('x-lang', 'en').send(body);
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(r.body.error.details).toContain(`body.${field}: Please be sure to input`);
    expect(await count()).toBe(before);
  });

  it('400 in Japanese for a missing field, a bad email, and no agreement', async () => {
    const app = appWith(smtp.url);
    const missing = await request(app)
      .post('/api/contacts/send/mail/contact')
      .send({ email: 'taro@example.jp', content: 'x', agreed: true });
    expect(missing.body.error.details).toContain('body.lineName: 必ず入力してください');
    const badEmail = await request(app)
      .post('/api/contacts/send/mail/contact')
      .send({ ...good, email: 'taro' });
    expect(badEmail.body.error.details).toContain('body.email: メールアドレスの形式で入力してください');
    const notAgreed = await request(app)
      .post('/api/contacts/send/mail/contact')
      .set('x-lang', 'en')
      .send({ ...good, agreed: false });
    expectError(notAgreed, 400, 'VALIDATION_FAILED');
    expect(notAgreed.body.error.details).toContain('body.agreed: Please agree to the privacy policy and terms of use');
  });

  it('stores the inquiry and mails it to CONTACT_TO through SMTP', async () => {
    const before = smtp.received.length;
    const r = await request(appWith(smtp.url)).post('/api/contacts/send/mail/contact').send(good);
    expect(r.status).toBe(200);
    expect(r.body.data.id).toEqual(expect.any(Number));
    expect(smtp.received.length).toBe(before + 1);
    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual(['office@kumamoto.example.jp']);
    expect(message.raw).toMatch(/Reply-To: taro@example\.jp/i);
    const row = await db('contact_inquiries').where({ id: r.body.data.id }).first();
    expect(row.sent_at).not.toBeNull();
    expect(row.content).toBe(good.content);
  });

  it('keeps the inquiry when SMTP is down, tells the visitor it was received, and sends it later once', async () => {
    const down = 'smtp://127.0.0.1:9'; // nothing listens on the discard port
    const r = await request(appWith(down))
      .post('/api/contacts/send/mail/contact')
      .send({ ...good, content: 'SMTPが止まっている間の問い合わせ' });
    expect(r.status).toBe(200);
    const row = await db('contact_inquiries').where({ id: r.body.data.id }).first();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();

    const mailer = createSmtpMailer(smtp.url, 'passport@example.jp');
    const before = smtp.received.length;
    expect(await deliverDueInquiries(db, mailer, mail, new Date('2026-11-21T03:00:30Z'))).toBe(0); // retried after a minute
    const later = new Date('2026-11-21T03:02:00Z');
    const [a, b] = await Promise.all([
      deliverDueInquiries(db, mailer, mail, later),
      deliverDueInquiries(db, mailer, mail, later),
    ]);
    expect(a + b).toBe(1);
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.raw).toContain(`X-Passport-Inquiry: ${r.body.data.id}`);
    expect((await db('contact_inquiries').where({ id: r.body.data.id }).first()).sent_at).not.toBeNull();
  });

  it('is retried by the contacts job of the domain list, the one main.ts runs in every process', async () => {
    const r = await request(appWith('smtp://127.0.0.1:9'))
      .post('/api/contacts/send/mail/contact')
      .send({ ...good, content: 'ジョブが送る問い合わせ' });
    expect(r.status).toBe(200);
    const job = DOMAINS.find((d) => d.name === 'contacts')?.jobs?.find((j) => j.name === 'contact outbox');
    expect(job?.everyMs).toBe(60_000);
    const before = smtp.received.length;
    await job!.run({
      db,
      config: testConfig({ mail: { smtpUrl: smtp.url, contactTo: mail.contactTo, from: 'passport@example.jp' } }),
      clock: fixedClock('2026-11-21T03:05:00Z'),
      mailer: createSmtpMailer(smtp.url, 'passport@example.jp'),
    });
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.raw).toContain(`X-Passport-Inquiry: ${r.body.data.id}`);
  });
});
