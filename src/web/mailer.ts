import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the website's e-mails; a fake stands in for it in tests. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). A message's text holds a
 * one-time link: it is handed to the transport and never logged (nodemailer's own logger stays off).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/** "docjson <no-reply@host>", the host of the site's public address. */
export function defaultSender(publicUrl: string): string {
  return `docjson <no-reply@${new URL(publicUrl).hostname}>`;
}
