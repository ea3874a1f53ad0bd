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
};

/** Stores an inquiry, due for delivery at once. */
export async function insertInquiry(
  db: Knex,
  i: { lineName: string; email: string; content: string; locale: Locale; userId: number | null; now: Date },
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
