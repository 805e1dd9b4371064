import type { GoPayPayment } from './types';

type Log = { warn(obj: object, msg: string): void };

export type NotificationRecord = { paymentId: number; url: string; status: number | null; at: string };

/**
 * GoPay tells the shop a payment changed by an HTTP GET to its notification URL with `?id=` (and,
 * for a charge of a recurring payment, `&parent_id=` of the payment that set up the recurrence); it
 * repeats the call while the shop does not answer 200. Every call is recorded for tests.
 */
export class GoPayNotifier {
  readonly sent: NotificationRecord[] = [];
  enabled = true;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(private readonly log?: Log, private readonly retryDelayMs = 1_000, private readonly attempts = 5) {}

  notify(p: GoPayPayment, times = 1): void {
    if (!this.enabled) return;
    for (let i = 0; i < times; i++) void this.deliver(p.id, p.parent_id ?? null, p.callback.notification_url, 1);
  }

  private async deliver(paymentId: number, parentId: number | null, base: string, attempt: number): Promise<void> {
    const url = new URL(base);
    url.searchParams.set('id', String(paymentId));
    if (parentId !== null) url.searchParams.set('parent_id', String(parentId));
    let status: number | null = null;
    try {
      const res = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(5_000) });
      status = res.status;
    } catch (err) {
      this.log?.warn({ err, url: url.toString() }, 'notification not delivered');
    }
    this.sent.push({ paymentId, url: url.toString(), status, at: new Date().toISOString() });
    if (status !== 200 && attempt < this.attempts) {
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        void this.deliver(paymentId, parentId, base, attempt + 1);
      }, this.retryDelayMs * attempt);
      timer.unref();
      this.pending.add(timer);
    }
  }

  close(): void {
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
  }
}
