import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the mail is about, written to the log when no SMTP server is configured. */
  link?: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notifications. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'log' writes each mail's link to the server log instead. */
  readonly kind: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
  close(): void;
}

interface Logger {
  info(object: object, message: string): void;
}

/**
 * nodemailer over SMTP_URL. Without one (the embedded default) nothing is sent: the link is logged so
 * a developer or an operator can still follow it, and start-up says so (main.ts).
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      kind: 'log',
      async send(mail) {
        options.log.info({ to: mail.to, subject: mail.subject, link: mail.link }, 'mail not sent (no SMTP_URL)');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close() {
      transport.close();
    },
  };
}
