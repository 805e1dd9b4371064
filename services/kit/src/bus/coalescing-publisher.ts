type Waiting<T> = { item: T; resolve: () => void; reject: (err: unknown) => void };

/**
 * Sends items one by one as they come, except that items arriving while a send is in flight
 * ride together in the next one. A lone item leaves at once (no linger timer adds latency), and
 * under load the sends grow into batches by themselves, which is what the broker likes.
 * Each `add` settles when the send that carried its item did.
 */
export class CoalescingPublisher<T> {
  private waiting: Array<Waiting<T>> = [];
  private inFlight = false;

  constructor(
    private readonly send: (items: T[]) => Promise<unknown>,
    private readonly maxBatch = 500,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.inFlight || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxBatch);
    this.inFlight = true;
    let sent: Promise<unknown>;
    try {
      sent = this.send(batch.map((w) => w.item));
    } catch (err) {
      sent = Promise.reject(err);
    }
    sent.then(
      () => batch.forEach((w) => w.resolve()),
      (err) => batch.forEach((w) => w.reject(err)),
    ).finally(() => {
      this.inFlight = false;
      this.pump();
    });
  }
}
