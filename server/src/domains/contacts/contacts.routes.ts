import { ContactBody, ContactReceiptResponse } from '../../contracts/contacts';
import { optionalVisitorIdOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { sendInquiry } from '../../commands/send-inquiry';

/** The contact form's endpoint (spec 7). */
export function contactRoutes({ db, config, clock, mailer }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/contacts/send/mail/contact',
      summary:
        'Receive a contact inquiry, or one about a coupon or shop (info form): stored, then mailed (retried later if SMTP is down)',
      access: 'optionalVisitor',
      rateLimit: 'contact',
      body: ContactBody,
      response: ContactReceiptResponse,
      errors: [404],
      handler: async ({ body, actor, locale }) => ({
        data: await sendInquiry(db, mailer, config.mail, {
          ...body,
          locale,
          userId: optionalVisitorIdOf(actor) ?? null,
          now: clock.now(),
        }),
      }),
    }),
  ];
}
