import { contextOfCarrier, inSpan, type Mailer } from '@rr/kit';
import type { Confirmations } from '../confirmations';
import type { AdSource } from '../mail/ad-slot';
import { renderAlertEmail } from '../mail/render-alert';
import { acceptedOf, type Batch, type DispatchContext } from './context';
import type { Failures } from './failures';

/**
 * Renders and sends claimed batches, each e-mail at most once in flight per person: an accepted
 * e-mail goes to the confirmations (ledger `sent`, `alert.sent`), a refused one to the failures.
 */
export class Sending {
  private readonly sends = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly ads: AdSource,
    private readonly confirmations: Confirmations,
    private readonly failures: Failures,
    private readonly ctx: DispatchContext,
  ) {}

  get inFlight(): number {
    return this.sends.size;
  }

  async idle(): Promise<void> {
    while (this.sends.size > 0) await Promise.allSettled([...this.sends]);
  }

  /** `marked`: the write recording the claim, which the confirmation must not overtake. */
  start(batch: Batch, marked: Promise<unknown> = Promise.resolve()): void {
    const run = this.send(batch, marked)
      .catch((err: Error) => this.ctx.log.error({ err, email: batch.email }, 'alert e-mail failed unexpectedly'))
      .finally(() => {
        this.sends.delete(run);
        this.ctx.queue.done(batch.email);
        this.ctx.kick();
      });
    this.sends.add(run);
  }

  private async send(batch: Batch, marked: Promise<unknown>): Promise<void> {
    const { options } = this.ctx;
    const entries = batch.entries.map((q) => q.entry);
    const [first] = entries;
    // A banner only when every alert of the e-mail allows one (a paying or non-consenting owner's alert keeps it ad-free).
    // RadarPrice is asked for at the same time, each with its own short timeout: the e-mail waits for the slower at most.
    const [ad, estimates] = await Promise.all([
      entries.every((e) => e.withAds) ? this.ads({ email: first.email, locale: first.locale, emailId: batch.batchId, offers: entries.map((e) => e.offer) }).catch(() => null) : null,
      options.estimates && entries.some((e) => e.radarPrice) ? options.estimates(entries.filter((e) => e.radarPrice).map((e) => e.offer)) : new Map<string, never>(),
    ]);
    const mail = renderAlertEmail({
      locale: first.locale, emailId: batch.batchId, publicUrl: options.publicUrl, tokenOf: options.tokenOf, ad,
      email: first.email, memberTokenOf: options.memberTokenOf,
      items: entries.map((e) => ({ offer: e.offer, watchdogId: e.watchdogId, reason: e.reason, heldFor: e.heldFor ?? null, member: e.member === true, estimate: e.radarPrice ? estimates.get(e.offer.id) : null, mapArea: e.mapArea ?? null })),
    });
    let sent: Awaited<ReturnType<Mailer['send']>>;
    const sendStarted = Date.now();
    try {
      // The e-mail continues the trace of its first alert's offer and links the others'.
      sent = await inSpan('alert e-mail', { 'rr.alerts': entries.length, 'rr.batch_id': batch.batchId }, () =>
        this.mailer.send({ to: first.email, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, category: 'alert' }),
      { parent: contextOfCarrier(first.trace ?? undefined), links: entries.slice(1).flatMap((e) => (e.trace ? [e.trace] : [])) });
    } catch (err) {
      await marked;
      await this.failures.failed(batch, err as Error);
      return;
    }
    const acceptedAt = new Date();
    this.ctx.timings.record('send', acceptedAt.getTime() - sendStarted);
    await marked;
    this.confirmations.add(acceptedOf(batch.batchId, entries, acceptedAt, sent.provider, sent.messageId, ad?.campaignId ?? null));
  }
}
