import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

/** Sends mail; the app gets one through createApp (design: external systems come in as arguments). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A nodemailer SMTP transport (`smtp://user:pass@host:587`, `smtps://…`) with a sender address. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Without SMTP_URL: every send fails, so inquiries stay stored and queued until SMTP is configured. */
export const unconfiguredMailer: Mailer = {
  async send() {
    throw new Error('SMTP_URL is not configured');
  },
};
