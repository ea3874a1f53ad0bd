import { z } from 'zod';
import { Id } from './common';

/** A required text field; messages are locale keys the error handler translates. */
const required = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/**
 * What an inquiry is about (issue 15, `/info/form/`): one coupon or one shop (spot), by id.
 * The contact form sends none.
 */
export const InquiryAbout = z.object({ kind: z.enum(['coupon', 'spot']), id: Id });
export type InquiryAbout = z.infer<typeof InquiryAbout>;

/**
 * Body of POST /api/contacts/send/mail/contact (spec 3, 5: every field required, agreement
 * needed); `about` when it comes from the information form (`/info/form/`, issue 15).
 */
export const ContactBody = z.object({
  lineName: required(100),
  email: required(254).pipe(z.email({ error: 'validation.email' })),
  content: required(4000),
  agreed: z.literal(true, { error: 'validation.agree' }),
  about: InquiryAbout.optional(),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** What the visitor is told: the inquiry was received (mailing may follow later). */
export const ContactReceipt = z.object({ id: z.number().int(), receivedAt: z.string() });
export const ContactReceiptResponse = z.object({ data: ContactReceipt });
