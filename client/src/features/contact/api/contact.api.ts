import type { z } from 'zod';
import type { ContactBody, ContactReceiptResponse } from '@contracts/contacts';
import { api } from '../../../lib/api-client';

export type ContactReceipt = z.infer<typeof ContactReceiptResponse>['data'];

/**
 * POST /api/contacts/send/mail/contact (spec 7): the server validates again, stores the
 * inquiry and mails it (later, if mail is down); a 400 carries "body.<field>: <message>".
 * @throws ApiError
 */
export async function sendInquiry(body: ContactBody): Promise<ContactReceipt> {
  return (await api<z.infer<typeof ContactReceiptResponse>>('/contacts/send/mail/contact', { method: 'POST', body }))
    .data;
}
