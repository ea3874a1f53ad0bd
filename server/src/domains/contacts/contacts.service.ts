import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { ContactBody } from '../../contracts/contacts';
import type { Mailer } from '../../mail/mailer';
import {
  claimInquiry,
  findDueInquiries,
  insertInquiry,
  markFailed,
  markSent,
  type InquiryAboutRow,
  type InquiryRow,
} from './contacts.repo';

const ABOUT_KIND = { coupon: 'クーポン', spot: '店舗' } as const;

/** Retry delays after failed deliveries: 1 min doubling up to 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60 * 1000);
}

type MailSettings = { contactTo: string };

async function deliver(db: Knex, mailer: Mailer, mail: MailSettings, inquiry: InquiryRow, now: Date): Promise<boolean> {
  if (!(await claimInquiry(db, inquiry, new Date(now.getTime() + retryDelayMs(inquiry.attempts + 1))))) return false;
  try {
    await mailer.send({
      to: mail.contactTo,
      replyTo: inquiry.email,
      headers: { 'X-Passport-Inquiry': String(inquiry.id) },
      subject: `[くまもと旅パスポート] お問い合わせ #${inquiry.id}`,
      text: [
        `お問い合わせ番号: ${inquiry.id}`,
        `受付日時: ${inquiry.createdAt}`,
        `LINE表示名: ${inquiry.lineName}`,
        `メールアドレス: ${inquiry.email}`,
        `言語: ${inquiry.locale}`,
        ...(inquiry.about
          ? [`対象: ${ABOUT_KIND[inquiry.about.kind]} #${inquiry.about.id}「${inquiry.about.label}」`]
          : []),
        '',
        inquiry.content,
      ].join('\n'),
    });
    await markSent(db, inquiry.id, now);
    return true;
  } catch (err) {
    await markFailed(db, inquiry.id, err instanceof Error ? err.message : String(err));
    return false;
  }
}

/**
 * Spec 5, 7 `POST /contacts/send/mail/contact`: stores the inquiry, then tries to mail it to
 * CONTACT_TO at once. If SMTP is down the inquiry stays stored and deliverDueInquiries sends
 * it later; either way the visitor is told it was received. `about`: the coupon or shop an
 * inquiry of the information form (issue 15) is about, with its name, named in the mail.
 */
export async function receiveInquiry(
  db: Knex,
  mailer: Mailer,
  mail: MailSettings,
  input: Omit<ContactBody, 'about'> & { locale: Locale; userId: number | null; about?: InquiryAboutRow; now: Date },
): Promise<{ id: number; receivedAt: string }> {
  const inquiry = await insertInquiry(db, {
    lineName: input.lineName,
    email: input.email,
    content: input.content,
    locale: input.locale,
    userId: input.userId,
    about: input.about,
    now: input.now,
  });
  await deliver(db, mailer, mail, inquiry, input.now);
  return { id: inquiry.id, receivedAt: inquiry.createdAt };
}

/**
 * Mails the stored inquiries whose next attempt is due (run every minute by each server
 * instance; claims keep two instances from sending one inquiry twice).
 * @returns how many were sent
 */
export async function deliverDueInquiries(
  db: Knex,
  mailer: Mailer,
  mail: MailSettings,
  now: Date,
  limit = 20,
): Promise<number> {
  let sent = 0;
  for (const inquiry of await findDueInquiries(db, now, limit)) {
    if (await deliver(db, mailer, mail, inquiry, now)) sent += 1;
  }
  return sent;
}
