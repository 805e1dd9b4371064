import nodemailer from 'nodemailer';
import sendgrid from '@sendgrid/mail';
import { z } from 'zod';
import { AppError } from './errors';
import { metrics } from './metrics';
import { SpanKind, inSpan } from './telemetry';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Provider-side grouping, e.g. `alert` or `magic-link`. */
  category?: string;
  /** Files sent with the message (an invoice PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
};

export type SentMail = { provider: 'smtp' | 'sendgrid'; messageId: string | null };

export type Mailer = { provider: SentMail['provider']; send: (message: MailMessage) => Promise<SentMail> };

export const MailConfig = z.object({
  MAIL_FROM: z.string().default('Reality Radar <upozorneni@realityradar.cz>'),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  SENDGRID_API_KEY: z.string().optional(),
});
export type MailConfig = z.infer<typeof MailConfig>;

/**
 * SendGrid when a key is configured (production), SMTP otherwise (the local catcher). A refusal
 * the provider calls permanent (5xx for the address) is `ACCOUNT_BLOCKED`-worthy and not retried;
 * anything else is retriable.
 */
export function createMailer(config: MailConfig, service = 'unknown'): Mailer {
  return observed(providerMailer(config), service);
}

/** Each send in a client span (`smtp send`), counted in rr_mails_sent_total or rr_mail_failures_total. */
function observed(mailer: Mailer, service: string): Mailer {
  return {
    provider: mailer.provider,
    send: (m) => inSpan(`${mailer.provider} send`, { 'rr.mail.category': m.category ?? 'other' }, async () => {
      const category = m.category ?? 'other';
      try {
        const sent = await mailer.send(m);
        metrics.mailsSent.inc({ service, category, provider: mailer.provider });
        return sent;
      } catch (err) {
        metrics.mailFailures.inc({ service, category, kind: err instanceof PermanentMailError ? 'permanent' : 'transient' });
        throw err;
      }
    }, { kind: SpanKind.CLIENT }),
  };
}

function providerMailer(config: MailConfig): Mailer {
  if (config.SENDGRID_API_KEY) {
    sendgrid.setApiKey(config.SENDGRID_API_KEY);
    return {
      provider: 'sendgrid',
      async send(m) {
        try {
          const [response] = await sendgrid.send({
            to: m.to, from: config.MAIL_FROM, subject: m.subject, html: m.html, text: m.text,
            headers: m.headers, categories: m.category ? [m.category] : undefined,
            attachments: m.attachments?.map((a) => ({ filename: a.filename, type: a.contentType, content: a.content.toString('base64'), disposition: 'attachment' })),
          });
          return { provider: 'sendgrid', messageId: (response.headers['x-message-id'] as string | undefined) ?? null };
        } catch (err) {
          const status = (err as { code?: number }).code ?? 0;
          throw mailError(err, status >= 400 && status < 500 && status !== 429 ? 'permanent' : 'transient');
        }
      },
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL, { pool: true, maxConnections: 4 } as object);
  return {
    provider: 'smtp',
    async send(m) {
      try {
        const info = await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, html: m.html, text: m.text, headers: m.headers, attachments: m.attachments });
        return { provider: 'smtp', messageId: info.messageId ?? null };
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode ?? 0;
        throw mailError(err, code >= 500 && code < 600 ? 'permanent' : 'transient');
      }
    },
  };
}

export class PermanentMailError extends AppError {}

function mailError(err: unknown, kind: 'permanent' | 'transient'): AppError {
  const message = `mail not accepted: ${(err as Error).message}`;
  return kind === 'permanent'
    ? new PermanentMailError('ACCOUNT_BLOCKED', message, { cause: err, retriable: false })
    : new AppError('UNAVAILABLE', message, { cause: err, retriable: true });
}
