import express, { type Express } from 'express';
import type { KeyObject } from 'node:crypto';
import { httpObservability, type Bus, type Logger } from '@rr/kit';
import { bouncesOf, verifySendgridSignature, type SendgridEvent } from './sendgrid-signature';

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/** POST /webhooks/sendgrid: verified bounces and drops block the address and become `email.bounced`. */
export function sendgridWebhookApp(deps: { key: KeyObject | null; bus: Bus; blocker: { blockRecipient: (email: string, reason: string) => Promise<void> }; log: Logger }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(httpObservability('notifier'));
  app.post('/webhooks/sendgrid', express.raw({ type: '*/*', limit: '5mb' }), async (req, res) => {
    if (!deps.key) {
      res.status(503).json({ error: { code: 'UNAVAILABLE', message: 'the SendGrid webhook is not configured (SENDGRID_WEBHOOK_PUBLIC_KEY)' } });
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifySendgridSignature(deps.key, body, req.header(SIGNATURE_HEADER), req.header(TIMESTAMP_HEADER))) {
      res.status(401).json({ error: { code: 'UNAUTHENTICATED', message: 'invalid webhook signature' } });
      return;
    }
    let events: SendgridEvent[];
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      events = Array.isArray(parsed) ? (parsed as SendgridEvent[]) : [];
    } catch {
      res.status(400).json({ error: { code: 'VALIDATION_FAILED', message: 'body is not a JSON array of events' } });
      return;
    }
    try {
      const bounces = bouncesOf(events);
      for (const bounce of bounces) {
        if (bounce.permanent) await deps.blocker.blockRecipient(bounce.email, bounce.reason);
        await deps.bus.publish('email.bounced', bounce.email, bounce);
      }
      deps.log.info({ events: events.length, bounces: bounces.length }, 'SendGrid events received');
      res.status(204).end();
    } catch (err) {
      // SendGrid retries a failed delivery, so nothing is lost by answering 503.
      deps.log.warn({ err }, 'SendGrid events could not be recorded');
      res.status(503).json({ error: { code: 'UNAVAILABLE', message: 'events could not be recorded, try again' } });
    }
  });
  return app;
}
