import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import { toIso } from '../../db/dialect';

export type InquiryRow = {
  id: number;
  lineName: string;
  email: string;
  content: string;
  locale: Locale;
  createdAt: string;
  attempts: number;
  nextAttemptAt: string;
  /** The coupon or shop it is about (issue 15), with its name when sent; null from the contact form. */
  about: InquiryAboutRow | null;
};

export type InquiryAboutRow = { kind: 'coupon' | 'spot'; id: number; label: string };

/** Stores an inquiry, due for delivery at once. */
export async function insertInquiry(
  db: Knex,
  i: {
    lineName: string;
    email: string;
    content: string;
    locale: Locale;
    userId: number | null;
    about?: InquiryAboutRow;
    now: Date;
  },
): Promise<InquiryRow> {
  const now = i.now.toISOString();
  const [row] = await db('contact_inquiries')
    .insert({
      line_name: i.lineName,
      email: i.email,
      content: i.content,
      locale: i.locale,
      user_id: i.userId,
      created_at: now,
      next_attempt_at: now,
      about_kind: i.about?.kind ?? null,
      about_id: i.about?.id ?? null,
      about_label: i.about?.label ?? null,
    })
    .returning('id');
  const id = typeof row === 'object' ? row.id : row;
  return {
    id,
    lineName: i.lineName,
    email: i.email,
    content: i.content,
    locale: i.locale,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    about: i.about ?? null,
  };
}

/** Unsent inquiries due at `now`, oldest first. */
export async function findDueInquiries(db: Knex, now: Date, limit: number): Promise<InquiryRow[]> {
  const rows = await db('contact_inquiries')
    .whereNull('sent_at')
    .andWhere('next_attempt_at', '<=', now.toISOString())
    .orderBy('id')
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    lineName: r.line_name,
    email: r.email,
    content: r.content,
    locale: r.locale,
    createdAt: toIso(r.created_at),
    attempts: Number(r.attempts),
    nextAttemptAt: r.next_attempt_at,
    about: r.about_kind ? { kind: r.about_kind, id: Number(r.about_id), label: r.about_label ?? '' } : null,
  }));
}

/**
 * Claims an inquiry for one delivery attempt: only the caller whose conditional update
 * matched (same `next_attempt_at` as read) sends it, so several instances never mail it twice
 * at once. Pushes the next attempt to `retryAt` in case this one fails.
 */
export async function claimInquiry(db: Knex, inquiry: InquiryRow, retryAt: Date): Promise<boolean> {
  const changed = await db('contact_inquiries')
    .where({ id: inquiry.id, next_attempt_at: inquiry.nextAttemptAt })
    .whereNull('sent_at')
    .update({ next_attempt_at: retryAt.toISOString(), attempts: inquiry.attempts + 1 });
  return changed === 1;
}

export async function markSent(db: Knex, id: number, now: Date): Promise<void> {
  await db('contact_inquiries').where({ id }).update({ sent_at: now.toISOString(), last_error: null });
}

export async function markFailed(db: Knex, id: number, error: string): Promise<void> {
  await db('contact_inquiries')
    .where({ id })
    .update({ last_error: error.slice(0, 500) });
}
