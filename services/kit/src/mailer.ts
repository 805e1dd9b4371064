import net from 'node:net';
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

export type Mailer = {
  provider: SentMail['provider'];
  send: (message: MailMessage) => Promise<SentMail>;
  /** Closes the kept SMTP connections (at shutdown). */
  close?: () => void;
};

export const MailConfig = z.object({
  MAIL_FROM: z.string().default('Reality Radar <upozorneni@realityradar.cz>'),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  SENDGRID_API_KEY: z.string().optional(),
});
export type MailConfig = z.infer<typeof MailConfig>;

/**
 * SendGrid when a key is configured (production), SMTP otherwise (the local catcher). A refusal
 * the provider calls permanent (5xx for the address) is `ACCOUNT_BLOCKED`-worthy and not retried;
 * anything else is retriable. Over SMTP, up to `connections` connections are kept open and reused
 * (the notifier keeps as many as it sends at once).
 */
export function createMailer(config: MailConfig, service = 'unknown', options: { connections?: number } = {}): Mailer {
  return observed(providerMailer(config, options.connections ?? 4), service);
}

/**
 * The SMTP URL with pooling asked for in it. nodemailer reads a URL's options from the URL alone
 * (options passed beside a URL are message defaults), so a pool asked for there was never made:
 * every message opened a connection of its own, and MailDev's server greets a new connection only
 * after 100 ms. What the URL already says wins.
 */
export function pooledSmtpUrl(url: string, connections: number): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  if (!parsed.searchParams.has('maxConnections')) parsed.searchParams.set('maxConnections', String(connections));
  return parsed.toString();
}

/** Each send in a client span (`smtp send`), counted in rr_mails_sent_total or rr_mail_failures_total. */
function observed(mailer: Mailer, service: string): Mailer {
  return {
    provider: mailer.provider,
    close: mailer.close,
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

function providerMailer(config: MailConfig, connections: number): Mailer {
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
  const transport = nodemailer.createTransport(pooledSmtpUrl(config.SMTP_URL, connections));
  // nodemailer's documented socket hook, which its typings leave out.
  (transport as unknown as { getSocket: typeof connectWithoutDelay }).getSocket = connectWithoutDelay;
  return {
    provider: 'smtp',
    close: () => transport.close(),
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

const SMTP_CONNECT_TIMEOUT_MS = 30_000;

type SocketCallback = (err: Error | null, socket?: { connection: net.Socket }) => void;

/**
 * nodemailer's own sockets keep Nagle's algorithm: the message's second write waits for the
 * server's delayed acknowledgement of the first, ~40 ms a message on a pooled connection (3 ms
 * without). nodemailer takes a socket made elsewhere (its proxy hook) and does TLS over it itself.
 */
function connectWithoutDelay(options: { host?: string; port?: number; secure?: boolean }, callback: SocketCallback): void {
  const socket = net.connect({ host: options.host || 'localhost', port: Number(options.port) || (options.secure ? 465 : 587), noDelay: true });
  // Only the connecting is ours to watch: once connected, nodemailer handles the socket's errors and idling.
  const fail = (err: Error) => {
    clearTimeout(timer);
    socket.destroy();
    callback(err);
  };
  const timer = setTimeout(() => fail(new Error('SMTP connection timed out')), SMTP_CONNECT_TIMEOUT_MS);
  socket.once('error', fail);
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.off('error', fail);
    callback(null, { connection: socket });
  });
}

export class PermanentMailError extends AppError {}

function mailError(err: unknown, kind: 'permanent' | 'transient'): AppError {
  const message = `mail not accepted: ${(err as Error).message}`;
  return kind === 'permanent'
    ? new PermanentMailError('ACCOUNT_BLOCKED', message, { cause: err, retriable: false })
    : new AppError('UNAVAILABLE', message, { cause: err, retriable: true });
}
