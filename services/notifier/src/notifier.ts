import type { AddressInfo } from 'node:net';
import { createMailer, type ServiceContext } from '@rr/kit';
import { watchdogLinkToken } from '@rr/proto/src/node/watchdog-token';
import type { NotifierConfig } from './config';
import { Dispatcher } from './dispatcher';
import { onMatchFound } from './handlers/on-match-found';
import { noAds, type AdSource } from './mail/ad-slot';
import { LedgerRepository } from './repositories/ledger.repository';
import { sendgridPublicKey } from './http/sendgrid-signature';
import { sendgridWebhookApp } from './http/sendgrid-webhook';

const SWEEP_MS = 500;

/** Wires the ledger, the dispatcher, the `match.found` consumer and the SendGrid webhook. */
export async function startNotifier(ctx: ServiceContext<NotifierConfig>, options: { ads?: AdSource } = {}) {
  const { bus, config, log, shutdown } = ctx;
  const ledger = new LedgerRepository(ctx.db!);
  await ledger.init();
  const mailer = createMailer(config);
  const dispatcher = new Dispatcher(ledger, mailer, bus, options.ads ?? noAds, {
    publicUrl: config.PUBLIC_URL,
    windowMs: config.ALERT_WINDOW_MS,
    maxOffersPerEmail: config.ALERT_MAX_OFFERS_PER_EMAIL,
    claimTimeoutMs: config.ALERT_CLAIM_TIMEOUT_MS,
    maxAttempts: config.ALERT_MAX_ATTEMPTS,
    tokenOf: (watchdogId) => watchdogLinkToken(config.WATCHDOG_LINK_SECRET, watchdogId),
  }, log.child({ component: 'dispatcher' }));

  // Sending stops before the bus and the database close (closers run in reverse order).
  shutdown.add('dispatcher', () => dispatcher.idle());
  // From the beginning on a first start: the ledger drops what was already sent, and nothing published before the group existed is lost.
  await bus.subscribe({ group: 'notifier.on-match-found', events: ['match.found'], fromBeginning: true, handle: onMatchFound(ledger, dispatcher, config.ALERT_WINDOW_MS) });

  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    dispatcher.sweep().catch((err: Error) => log.warn({ err }, 'ledger sweep failed')).finally(() => (sweeping = false));
  }, SWEEP_MS);
  shutdown.add('ledger-sweep', () => clearInterval(sweep));

  const app = sendgridWebhookApp({ key: config.SENDGRID_WEBHOOK_PUBLIC_KEY ? sendgridPublicKey(config.SENDGRID_WEBHOOK_PUBLIC_KEY) : null, bus, ledger, log });
  const server = app.listen(config.NOTIFIER_API_PORT, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  shutdown.add('webhook-server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  const apiPort = (server.address() as AddressInfo).port;
  log.info({ apiPort, provider: mailer.provider }, 'notifier ready');

  return { details: () => ({ provider: mailer.provider, apiPort }), apiPort, dispatcher, ledger };
}
