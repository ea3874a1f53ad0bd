/**
 * An inquiry of the contact form or the information form (spec 5, 7
 * `POST /contacts/send/mail/contact`; issue 15 `/info/form/`): the contacts domain stores and
 * mails it; when it is about a coupon or a shop, the coupons or spots domain names it first.
 */
import type { Knex } from 'knex';
import type { Locale } from '../contracts/common';
import type { ContactBody } from '../contracts/contacts';
import { NotFoundError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { receiveInquiry } from '../domains/contacts';
import { couponTitles } from '../domains/coupons';
import { spotNames } from '../domains/spots';

/**
 * Receives an inquiry: with `about`, looks up the coupon's title or the shop's name in
 * Japanese (the staff's language) and stores it with the inquiry, so the mail, even a retried
 * one, names what it is about; then as the contact form (stored, mailed, retried while SMTP is
 * down). Nothing is stored when the coupon or shop is unknown.
 * @returns the inquiry's id and when it was received (ISO 8601)
 * @throws NotFoundError COUPON_NOT_FOUND, SPOT_NOT_FOUND (404) `about` names none
 */
export async function sendInquiry(
  db: Knex,
  mailer: Mailer,
  mail: { contactTo: string },
  input: ContactBody & { locale: Locale; userId: number | null; now: Date },
): Promise<{ id: number; receivedAt: string }> {
  const { about, ...inquiry } = input;
  if (!about) return receiveInquiry(db, mailer, mail, inquiry);
  const label =
    about.kind === 'coupon'
      ? (await couponTitles(db, [about.id], 'ja')).get(about.id)
      : (await spotNames(db, [about.id], 'ja')).get(about.id);
  if (label === undefined) throw new NotFoundError(about.kind === 'coupon' ? 'COUPON_NOT_FOUND' : 'SPOT_NOT_FOUND');
  return receiveInquiry(db, mailer, mail, { ...inquiry, about: { ...about, label } });
}
