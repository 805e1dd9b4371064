import { randomUUID } from 'node:crypto';
import { SpanKind, checkEvent, inSpan, metrics, traceCarrierOf, type Logger, type TraceCarrier } from '@rr/kit';
import type { ListingFetchedV1, ListingWithdrawnV1, Portal } from '@rr/proto';
import { ParseError, type ListPage, type ListingRef, type PortalAdapter, type PortalClient } from '../adapters/types';
import { CircuitOpenError } from '../http/errors';

export type ListingStatus = 'active' | 'failed' | 'withdrawn';
export type KnownListing = { url: string; fingerprint: string; status: ListingStatus };
export type ListingChange = KnownListing & { listingId: string };
export type ParseFailure = { portal: Portal; url: string; reason: string; at: Date };
/** Where a listing's journey starts: its correlation id and the trace of its fetch. */
export type ListingOrigin = { correlationId: string; trace?: TraceCarrier };

/**
 * Where a crawl keeps what it learnt. Listings are emitted as their details arrive; the crawler's
 * own state is saved page by page after them, so a crash re-emits at most one page.
 */
export type CrawlSink = {
  /** One listing, settled once it is on Kafka (the sink batches what arrives meanwhile). */
  fetched(item: ListingFetchedV1, origin?: ListingOrigin): Promise<void>;
  withdrawn(items: ListingWithdrawnV1[]): Promise<void>;
  saveListings(changes: ListingChange[]): Promise<void>;
  saveFailures(failures: ParseFailure[]): Promise<void>;
};

export type CrawlMode = 'incremental' | 'full';

export type CrawlInput = {
  portal: Portal;
  adapter: PortalAdapter;
  client: PortalClient;
  baseUrl: string;
  /** What the crawler knows of the portal; updated in place as the crawl learns. */
  known: Map<string, KnownListing>;
  sink: CrawlSink;
  mode: CrawlMode;
  maxPages: number;
  log: Logger;
  signal?: AbortSignal;
  now?: () => Date;
};

export type CrawlReport = {
  mode: CrawlMode;
  pages: number;
  listingsSeen: number;
  detailsFetched: number;
  emitted: number;
  withdrawn: number;
  parseFailures: number;
  fetchErrors: number;
  /** The walk reached the last page (needed before anything may be called withdrawn). */
  complete: boolean;
  stoppedBy: 'known-page' | 'last-page' | 'max-pages' | 'empty-page' | 'list-parse-failure';
};

type DetailOutcome =
  | { kind: 'listing'; event: ListingFetchedV1; change: ListingChange }
  | { kind: 'gone'; listingId: string; wasActive: boolean }
  | { kind: 'failed'; failure: ParseFailure; change: ListingChange }
  | { kind: 'error' };

/**
 * One crawl of one portal. Incremental: walk list pages newest first until a page holds only
 * known, unchanged listings (promoted items are ignored for that test, they stand on page 1
 * whatever their age), fetching details only for new or changed listings. Full: walk every page,
 * then confirm each known listing that was not seen with its detail page, and report the gone
 * ones as withdrawn. A page that does not parse is recorded and skipped; the crawl goes on.
 */
export async function crawlPortal(input: CrawlInput): Promise<CrawlReport> {
  const crawl = new PortalCrawl(input);
  return crawl.run();
}

class PortalCrawl {
  private readonly seen = new Set<string>();
  private readonly now: () => Date;
  private readonly report: CrawlReport;

  constructor(private readonly input: CrawlInput) {
    this.now = input.now ?? (() => new Date());
    this.report = { mode: input.mode, pages: 0, listingsSeen: 0, detailsFetched: 0, emitted: 0, withdrawn: 0, parseFailures: 0, fetchErrors: 0, complete: false, stoppedBy: 'max-pages' };
  }

  async run(): Promise<CrawlReport> {
    await this.walk();
    if (this.input.mode === 'full' && this.report.complete) await this.confirmMissing();
    else if (this.input.mode === 'full') this.input.log.warn({ portal: this.input.portal, stoppedBy: this.report.stoppedBy }, 'full walk incomplete; withdrawals not checked');
    return this.report;
  }

  /**
   * Pages in order; once a page shows the walk goes on, the next list page is asked for while
   * this page's details are fetched (the rate limit still paces both), so a long walk is not a
   * chain of round trips. A full walk, which reads every page anyway, asks two pages ahead (at
   * most one request past the last page per walk); a settled or last page asks for nothing more.
   */
  private async walk(): Promise<void> {
    const { maxPages, signal, mode } = this.input;
    const lookahead = mode === 'full' ? 2 : 1;
    const requested = new Map<number, ReturnType<PortalCrawl['listPage']>>([[0, this.listPage(0)]]);
    for (let page = 0; page < maxPages; page++) {
      signal?.throwIfAborted();
      const answer = await (requested.get(page) ?? this.listPage(page));
      requested.delete(page);
      metrics.crawlResults.inc({ portal: this.input.portal, kind: 'list', result: 'error' in answer ? (answer.error instanceof ParseError ? 'failed' : 'error') : 'page' });
      if ('error' in answer) {
        if (!(answer.error instanceof ParseError)) throw answer.error;
        await this.recordFailures([this.failureOf(answer.error)]);
        this.report.stoppedBy = 'list-parse-failure';
        return;
      }
      const { list } = answer;
      this.report.pages++;
      const refs = list.refs.filter((ref) => !this.seen.has(ref.listingId));
      refs.forEach((ref) => this.seen.add(ref.listingId));
      this.report.listingsSeen += refs.length;
      const toFetch = refs.filter((ref) => this.needsDetail(ref));
      const end: CrawlReport['stoppedBy'] | null = !list.hasMore ? 'last-page'
        : list.refs.length === 0 ? 'empty-page'
          : mode === 'incremental' && isSettled(list.refs, toFetch) ? 'known-page' : null;
      const details = this.processDetails(toFetch);
      for (let ahead = page + 1; !end && ahead <= page + lookahead && ahead < maxPages; ahead++) {
        if (!requested.has(ahead)) requested.set(ahead, this.listPage(ahead));
      }
      await details;
      if (end) return this.stop(end, end === 'last-page');
    }
  }

  /** A list page, or why it could not be had; never a rejected promise left waiting. */
  private listPage(page: number): Promise<{ list: ListPage } | { error: unknown }> {
    const { adapter, client, baseUrl } = this.input;
    return adapter.listPage(client, baseUrl, page).then((list) => ({ list }), (error: unknown) => ({ error }));
  }

  private stop(reason: CrawlReport['stoppedBy'], complete = false): void {
    this.report.stoppedBy = reason;
    this.report.complete = complete;
  }

  private needsDetail(ref: ListingRef): boolean {
    const known = this.input.known.get(ref.listingId);
    if (!known || known.status === 'withdrawn' || known.fingerprint !== ref.fingerprint) return true;
    // A listing that failed to parse is tried again on full walks only, not on every tick.
    return known.status === 'failed' && this.input.mode === 'full';
  }

  private async processDetails(refs: ListingRef[]): Promise<void> {
    if (refs.length === 0) return;
    // A listing leaves as soon as its detail is parsed: at a portal's polite pace a page of
    // details takes many seconds, and its first listings should not wait for its last.
    // Each fetch starts the trace (and the correlation id) its listing carries to the e-mail.
    const outcomes = await settleAll(refs.map((ref) => inSpan('crawl fetch', { 'rr.portal': this.input.portal, 'url.full': ref.url, 'rr.listing_id': ref.listingId }, async (span) => {
      const outcome = await this.fetchDetail(ref);
      span.setAttribute('rr.outcome', outcome.kind);
      if (outcome.kind === 'listing') {
        const correlationId = randomUUID();
        span.setAttribute('rr.correlation_id', correlationId);
        await this.input.sink.fetched(outcome.event, { correlationId, trace: traceCarrierOf() });
      }
      return outcome;
    }, { root: true, kind: SpanKind.CLIENT })));
    const fetched = outcomes.filter((o) => o.kind === 'listing');
    await this.emitWithdrawn(outcomes.flatMap((o) => (o.kind === 'gone' ? [o] : [])));
    const changes = outcomes.flatMap((o) => (o.kind === 'listing' || o.kind === 'failed' ? [o.change] : []));
    await this.saveChanges(changes);
    await this.recordFailures(outcomes.flatMap((o) => (o.kind === 'failed' ? [o.failure] : [])));
    this.report.emitted += fetched.length;
  }

  private async fetchDetail(ref: ListingRef): Promise<DetailOutcome> {
    const outcome = await this.fetchDetailOnce(ref);
    metrics.crawlResults.inc({ portal: this.input.portal, kind: 'detail', result: outcome.kind });
    return outcome;
  }

  private async fetchDetailOnce(ref: ListingRef): Promise<DetailOutcome> {
    const { portal, adapter, client, baseUrl, log, known } = this.input;
    try {
      const result = await adapter.fetchDetail(client, baseUrl, ref);
      this.report.detailsFetched++;
      if (result.kind === 'gone') return { kind: 'gone', listingId: ref.listingId, wasActive: known.get(ref.listingId)?.status === 'active' };
      const checked = checkEvent('listing.fetched', { listing: result.listing, fetchedAt: this.now().toISOString() });
      if (checked.ok) return { kind: 'listing', event: checked.data, change: { listingId: ref.listingId, url: ref.url, fingerprint: ref.fingerprint, status: 'active' } };
      return this.failed(ref, `not a valid raw listing: ${checked.reason}`);
    } catch (err) {
      if (err instanceof ParseError) return this.failed(ref, err.message);
      if (isFatal(err, this.input.signal)) throw err;
      this.report.fetchErrors++;
      log.warn({ portal, url: ref.url, err: (err as Error).message }, 'detail fetch failed; will try again next crawl');
      return { kind: 'error' };
    }
  }

  private failed(ref: ListingRef, reason: string): DetailOutcome {
    return {
      kind: 'failed',
      failure: { portal: this.input.portal, url: ref.url, reason, at: this.now() },
      change: { listingId: ref.listingId, url: ref.url, fingerprint: ref.fingerprint, status: 'failed' },
    };
  }

  /** Known listings a complete walk did not see: the detail page decides whether they are gone. */
  private async confirmMissing(): Promise<void> {
    const missing = [...this.input.known.entries()].filter(([id, k]) => k.status !== 'withdrawn' && !this.seen.has(id));
    for (let i = 0; i < missing.length; i += 50) {
      this.input.signal?.throwIfAborted();
      const chunk = missing.slice(i, i + 50).map(([listingId, k]) => ({ listingId, url: k.url, fingerprint: k.fingerprint, promoted: false }));
      const outcomes = await settleAll(chunk.map((ref) => this.fetchDetail(ref)));
      await this.emitWithdrawn(outcomes.flatMap((o) => (o.kind === 'gone' ? [o] : [])));
      await this.recordFailures(outcomes.flatMap((o) => (o.kind === 'failed' ? [o.failure] : [])));
    }
  }

  private async emitWithdrawn(gone: Array<{ listingId: string; wasActive: boolean }>): Promise<void> {
    if (gone.length === 0) return;
    const detectedAt = this.now().toISOString();
    const active = gone.filter((g) => g.wasActive);
    await this.input.sink.withdrawn(active.map((g) => ({ portal: this.input.portal, listingId: g.listingId, detectedAt })));
    const changes = gone.flatMap((g) => {
      const known = this.input.known.get(g.listingId);
      return known ? [{ ...known, listingId: g.listingId, status: 'withdrawn' as const }] : [];
    });
    await this.saveChanges(changes);
    this.report.withdrawn += active.length;
  }

  private async saveChanges(changes: ListingChange[]): Promise<void> {
    if (changes.length === 0) return;
    await this.input.sink.saveListings(changes);
    for (const { listingId, ...known } of changes) this.input.known.set(listingId, known);
  }

  private async recordFailures(failures: ParseFailure[]): Promise<void> {
    if (failures.length === 0) return;
    this.report.parseFailures += failures.length;
    for (const f of failures) this.input.log.warn({ portal: f.portal, url: f.url, reason: f.reason }, 'page did not parse; skipped');
    await this.input.sink.saveFailures(failures);
  }

  private failureOf(err: ParseError): ParseFailure {
    return { portal: this.input.portal, url: err.url, reason: err.message, at: this.now() };
  }
}

/** A page is settled when it has ordinary (not promoted) items and none of them needed a fetch. */
function isSettled(refs: ListingRef[], fetched: ListingRef[]): boolean {
  const ordinary = refs.filter((r) => !r.promoted);
  const fetchedIds = new Set(fetched.map((r) => r.listingId));
  return ordinary.length > 0 && ordinary.every((r) => !fetchedIds.has(r.listingId));
}

/** Errors that end the whole crawl rather than one listing: the portal is off limits or we are stopping. */
function isFatal(err: unknown, signal?: AbortSignal): boolean {
  return err instanceof CircuitOpenError || signal?.aborted === true;
}

/** Waits for every promise, then rethrows the first failure (none is left unhandled). */
async function settleAll<T>(promises: Array<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
