import { createMailer, listen, type ServiceContext } from '@rr/kit';
import { memberLinkToken, watchdogLinkToken } from '@rr/proto/node';
import type { NotifierConfig } from './config';
import { Dispatcher } from './dispatcher';
import { onOfferWithdrawn, onWatchdogChanged } from './handlers/on-delivery-changed';
import { onMatchFound } from './handlers/on-match-found';
import { httpAdSource } from './mail/ad-client';
import { noAds, type AdSource } from './mail/ad-slot';
import { httpEstimateSource, noEstimates, type EstimateSource } from './mail/estimate-client';
import { LedgerRepository } from './repositories/ledger.repository';
import { sendgridPublicKey } from './http/sendgrid-signature';
import { sendgridWebhookApp } from './http/sendgrid-webhook';

/** How often the dispatcher looks for entries whose window or retry delay has passed. */
const TICK_MS = 100;
/** Claim documents are kept a day (far longer than any view of the ledger lives) and swept hourly. */
const CLAIMS_KEPT_MS = 24 * 3_600_000;
const CLAIMS_CLEANUP_MS = 3_600_000;
/**
 * Handled withdrawals are remembered a week (swept with the claims): a match fetched before one
 * is in flight for seconds, or hours when the matcher was down; memory of them stays bounded.
 */
const WITHDRAWALS_KEPT_MS = 7 * 24 * 3_600_000;
/** Links of entries to the other watchdogs that matched them: a held entry goes out within a week (a weekly digest). */
const LINKS_KEPT_MS = 8 * 24 * 3_600_000;

/** Wires the ledger, the dispatcher, the `match.found` consumer and the SendGrid webhook. */
export async function startNotifier(ctx: ServiceContext<NotifierConfig>, options: { ads?: AdSource; estimates?: EstimateSource } = {}) {
  const { bus, config, log, shutdown } = ctx;
  const ledger = new LedgerRepository(ctx.db!);
  await ledger.init();
  const mailer = createMailer(config, 'notifier', { connections: config.ALERT_SEND_CONCURRENCY });
  shutdown.add('mailer', () => mailer.close?.());
  const ads = options.ads ?? (config.AD_SERVING_URL ? httpAdSource({ url: config.AD_SERVING_URL, timeoutMs: config.AD_DECISION_TIMEOUT_MS, log }) : noAds);
  const dispatcher = new Dispatcher(ledger, mailer, bus, ads, {
    publicUrl: config.PUBLIC_URL,
    windowMs: config.ALERT_WINDOW_MS,
    maxOffersPerEmail: config.ALERT_MAX_OFFERS_PER_EMAIL,
    claimTimeoutMs: config.ALERT_CLAIM_TIMEOUT_MS,
    maxAttempts: config.ALERT_MAX_ATTEMPTS,
    sendConcurrency: config.ALERT_SEND_CONCURRENCY,
    maxUnconfirmed: config.ALERT_MAX_UNCONFIRMED,
    tokenOf: (watchdogId) => watchdogLinkToken(config.WATCHDOG_LINK_SECRET, watchdogId),
    memberTokenOf: (watchdogId, email) => memberLinkToken(config.WATCHDOG_LINK_SECRET, watchdogId, email),
    maxOffersPerDigest: config.ALERT_MAX_OFFERS_PER_DIGEST,
    // Two scans ahead, so a held entry is in memory before its minute even when one scan is slow.
    dueLookaheadMs: 2 * config.ALERT_DUE_SCAN_MS,
    estimates: options.estimates ?? (config.ANALYTICS_URL ? httpEstimateSource({ url: config.ANALYTICS_URL, timeoutMs: config.ESTIMATE_TIMEOUT_MS, log }) : noEstimates),
  }, log.child({ component: 'dispatcher' }));

  // The working view is rebuilt from the ledger before any new match arrives.
  const loaded = await dispatcher.load();
  log.info({ ...loaded, ...dispatcher.details() }, 'alert ledger loaded');

  // Sending stops before the bus and the database close (closers run in reverse order).
  shutdown.add('dispatcher', () => dispatcher.stop());
  // From the beginning on a first start: the ledger drops what was already sent, and nothing published before the group existed is lost.
  await bus.subscribe({
    group: 'notifier.on-match-found', events: ['match.found'], fromBeginning: true, handleBatch: onMatchFound(ledger, dispatcher),
    hasRoom: () => dispatcher.queue.stats().waiting < config.ALERT_MAX_WAITING,
  });
  // Changes from now on: a held entry was planned with the delivery of its match, so only later
  // changes concern it (a first start need not read every watchdog's state).
  await bus.subscribe({ group: 'notifier.on-watchdog-changed', events: ['watchdog.changed'], handleBatch: onWatchdogChanged(dispatcher) });
  await bus.subscribe({ group: 'notifier.on-offer-withdrawn', events: ['offer.withdrawn'], handleBatch: onOfferWithdrawn(dispatcher) });

  const tick = setInterval(() => dispatcher.kick(), TICK_MS);
  const dueScan = setInterval(() => void dispatcher.scanDue(), config.ALERT_DUE_SCAN_MS);
  let rescanning = false;
  let claimsCleanedAt = 0;
  const rescan = setInterval(() => {
    if (rescanning) return;
    rescanning = true;
    const cleanup = Date.now() - claimsCleanedAt > CLAIMS_CLEANUP_MS
      ? Promise.all([ledger.deleteClaimsBefore(new Date(Date.now() - CLAIMS_KEPT_MS)), ledger.deleteWithdrawalsBefore(new Date(Date.now() - WITHDRAWALS_KEPT_MS)), ledger.deleteLinksBefore(new Date(Date.now() - LINKS_KEPT_MS))]).then(() => (claimsCleanedAt = Date.now()))
      : Promise.resolve();
    Promise.all([dispatcher.load(), cleanup])
      .then(([found]) => (found.adopted > 0 || found.unreported > 0) && log.warn(found, 'rescan found open alerts this process did not know'))
      .catch((err: Error) => log.warn({ err }, 'ledger rescan failed'))
      .finally(() => (rescanning = false));
  }, config.ALERT_RESCAN_MS);
  shutdown.add('dispatcher-timers', () => (clearInterval(tick), clearInterval(rescan), clearInterval(dueScan)));

  const app = sendgridWebhookApp({ key: config.SENDGRID_WEBHOOK_PUBLIC_KEY ? sendgridPublicKey(config.SENDGRID_WEBHOOK_PUBLIC_KEY) : null, bus, blocker: dispatcher, log });
  const webhook = await listen(app, { host: config.BIND_HOST, port: config.NOTIFIER_API_PORT }, 'notifier webhook');
  shutdown.add('webhook-server', webhook.close);
  const apiPort = webhook.port;
  log.info({ apiPort, provider: mailer.provider }, 'notifier ready');

  return { details: () => ({ provider: mailer.provider, apiPort, ...dispatcher.details() }), apiPort, dispatcher, ledger };
}
