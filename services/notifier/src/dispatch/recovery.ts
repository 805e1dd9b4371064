import type { Confirmations } from '../confirmations';
import type { LedgerEntry } from '../repositories/ledger.model';
import type { LedgerRepository, NewEntry } from '../repositories/ledger.repository';
import { acceptedOf, queuedOf, type DispatchContext } from './context';

/** A sent but unreported entry younger than this may still be on its way through this very process. */
const REPORT_GRACE_MS = 5_000;

/**
 * What the working view learns from the ledger rather than from this process: the open entries at
 * start and at each rescan (another instance's leftovers, a dead letter replayed by hand), entries
 * already in the ledger when inserted again, and the states of people before their alerts are planned.
 */
export class Recovery {
  constructor(
    private readonly ledger: Pick<LedgerRepository, 'openEntries' | 'findRecipients' | 'findByIds' | 'bringForward' | 'reopen' | 'addWatchdogs'>,
    private readonly confirmations: Confirmations,
    private readonly ctx: DispatchContext,
  ) {}

  /**
   * Reads the ledger's open entries (by index) and the states of their people and of the people
   * this view holds: at start, and now and then to pick up what this process does not know
   * (another instance's leftovers, a dead letter replayed by hand, an address unblocked by hand).
   * Other people's states are read when an alert for them arrives (`knowRecipients`).
   */
  async load(now = Date.now()): Promise<{ adopted: number; unreported: number }> {
    const { queue, coverage, options } = this.ctx;
    const horizon = now + options.dueLookaheadMs;
    coverage.extend(horizon);
    const open = await this.ledger.openEntries(new Date(Math.max(horizon, coverage.covered)));
    queue.forgetIdleRecipients(now);
    const emails = [...new Set([...open.map((e) => e.email), ...queue.knownRecipients()])];
    const states = new Map((await this.ledger.findRecipients(emails)).map((r) => [r._id, r]));
    for (const email of emails) {
      const r = states.get(email);
      const known = queue.recipient(email);
      const blockedHere = known?.blocked && (known.blockedAt ?? 0) >= now;
      queue.setRecipient(email, {
        lastEmailAt: Math.max(known?.lastEmailAt ?? 0, r?.lastEmailAt?.getTime() ?? 0) || null,
        blocked: blockedHere || Boolean(r?.blocked),
        blockedReason: blockedHere ? known!.blockedReason : (r?.blockedReason ?? null),
        blockedAt: known?.blockedAt ?? null,
      });
    }
    let adopted = 0;
    const unreported = new Map<string, LedgerEntry[]>();
    for (const entry of open) {
      if (queue.knows(entry._id)) continue;
      if (entry.status === 'sent') {
        if ((entry.sentAt?.getTime() ?? 0) < now - REPORT_GRACE_MS) unreported.set(entry.batchId ?? entry._id, [...(unreported.get(entry.batchId ?? entry._id) ?? []), entry]);
      } else if (this.adopt(entry)) adopted++;
    }
    for (const [batchId, entries] of unreported) this.confirmations.addUnreported(acceptedOf(batchId, entries, entries[0].sentAt ?? new Date(now), entries[0].provider ?? 'smtp', entries[0].messageId, entries[0].adCampaignId ?? null));
    if (adopted > 0) this.ctx.kick();
    return { adopted, unreported: unreported.size };
  }

  /** Reads the states of the people this view does not hold yet (before their alerts are planned). */
  async knowRecipients(emails: Iterable<string>, now = Date.now()): Promise<void> {
    const { queue } = this.ctx;
    const unknown = queue.unknownRecipients(emails);
    if (unknown.length === 0) return;
    queue.forgetIdleRecipients(now);
    const states = new Map((await this.ledger.findRecipients(unknown)).map((r) => [r._id, r]));
    for (const email of unknown) {
      const r = states.get(email);
      if (queue.recipient(email)) continue; // learned meanwhile (an e-mail started, a block)
      queue.setRecipient(email, { lastEmailAt: r?.lastEmailAt?.getTime() ?? null, blocked: Boolean(r?.blocked), blockedReason: r?.blockedReason ?? null, blockedAt: null });
    }
  }

  /**
   * Keys that were already in the ledger when inserted. Usually an old alert (nothing to do); but an
   * entry of a batch whose first attempt failed half-way, or one another instance left behind,
   * is still open and is taken up here rather than at the next rescan. A waiting entry that the new
   * match wants earlier (its `dueAt`: an instant watchdog, or a switch to instant) is brought
   * forward. An entry stopped by its offer's withdrawal is opened again by a match fetched after the
   * withdrawal (the offer is back; the person never heard of it); an older match leaves it stopped.
   */
  async adoptIfOpen(keys: string[], fresh: Map<string, Omit<NewEntry, 'claim'>> = new Map()): Promise<void> {
    const { queue } = this.ctx;
    const unknown = keys.filter((k) => !queue.knows(k));
    if (unknown.length === 0) return;
    const entries = await this.ledger.findByIds(unknown);
    for (const [key, fields] of await this.alsoMatched(entries, fresh)) Object.assign(entries.find((e) => e._id === key)!, fields);
    const back = entries.filter((e) => fresh.has(e._id) && (
      (e.status === 'withdrawn' && Date.parse(fresh.get(e._id)!.fetchedAt) > Date.parse(e.withdrawnAt ?? ''))
      // Dropped when its watchdogs ended: another watchdog of the person still asks for it.
      || (e.status === 'dropped' && !(e.droppedWatchdogIds ?? []).includes(fresh.get(e._id)!.watchdogId))));
    if (back.length > 0) {
      await this.ledger.reopen(back.map((e) => ({ key: e._id, fields: withoutId(fresh.get(e._id)!) })));
      for (const e of back) Object.assign(e, withoutId(fresh.get(e._id)!), { status: 'pending', withdrawnAt: null, droppedWatchdogIds: null, batchId: null, claimedAt: null });
    }
    let adopted = 0;
    for (const entry of entries) {
      if (entry.status === 'pending' || entry.status === 'claimed') adopted += this.adopt(entry) ? 1 : 0;
      // A withdrawn or dropped entry is not remembered as closed: a later comeback or match is looked up again.
      else if (entry.status !== 'withdrawn' && entry.status !== 'dropped' && (entry.status !== 'sent' || entry.reported)) queue.close([entry._id]);
    }
    if (adopted > 0) this.ctx.kick();
  }

  /**
   * Matches of entries waiting in this view (held for a digest or quiet hours, or for the window):
   * recorded as `adoptIfOpen` records them for entries only in the ledger — another watchdog of
   * the person goes on the entry, and a match that asks for it earlier hands it over — and the
   * view follows. No write for a redelivery.
   */
  async matchedWaiting(fresh: Map<string, Omit<NewEntry, 'claim'>>): Promise<void> {
    const { queue, coverage } = this.ctx;
    const entries = [...fresh.keys()].flatMap((key) => queue.waitingOf(key) ?? []);
    const handedOver = await this.alsoMatched(entries, fresh);
    for (const [key, fields] of handedOver) queue.replan(key, { ...fields, heldFor: fields.heldFor ?? null }, coverage.holds(fields.dueAt));
    if (handedOver.size > 0) this.ctx.kick();
  }

  /**
   * Another watchdog of the person matched these entries' property (docs/decisions.md, "Delivery"):
   * a pending entry its match asks for earlier is handed to it (its time, its role and what else
   * the e-mail shows of it; `bringForward` writes only where the ledger's time is later), and its
   * watchdog is added to the others (a later change or deletion of theirs concerns the entry).
   * Returns the fields of the entries handed over.
   */
  private async alsoMatched(entries: LedgerEntry[], fresh: Map<string, Omit<NewEntry, 'claim'>>): Promise<Map<string, HandOver>> {
    const handedOver = new Map<string, HandOver>();
    for (const e of entries) {
      const f = fresh.get(e._id);
      if (!f || e.status !== 'pending' || f.dueAt.getTime() >= e.dueAt.getTime()) continue;
      handedOver.set(e._id, {
        dueAt: f.dueAt, heldFor: f.heldFor ?? null, watchdogId: f.watchdogId, member: f.member === true, withAds: f.withAds,
        radarPrice: f.radarPrice ?? false, maxOffers: f.maxOffers ?? null, mapArea: f.mapArea ?? null, deliveryKey: f.deliveryKey ?? null, deliveryAsOf: f.deliveryAsOf ?? null,
      });
    }
    if (handedOver.size > 0) await this.ledger.bringForward([...handedOver].map(([key, fields]) => ({ key, fields })));
    const more = entries.flatMap((e) => {
      const known = e.watchdogIds?.length ? e.watchdogIds : [e.watchdogId];
      const added = fresh.get(e._id)?.watchdogFacts?.filter((f) => !known.includes(f.watchdogId)) ?? [];
      return added.length > 0 && (e.status === 'pending' || e.status === 'dropped') ? [{ key: e._id, watchdogs: added }] : [];
    });
    if (more.length > 0) {
      await this.ledger.addWatchdogs(more);
      for (const { key, watchdogs } of more) {
        const e = entries.find((x) => x._id === key)!;
        const ids = [...(e.watchdogIds?.length ? e.watchdogIds : [e.watchdogId]), ...watchdogs.map((w) => w.watchdogId)];
        const fields = { watchdogIds: ids, watchdogFacts: [...(e.watchdogFacts ?? []), ...watchdogs] };
        Object.assign(e, fields);
        // The view's copy too (the same object for a waiting entry; a later change of the watchdogs reads the ledger).
        this.ctx.queue.amend(key, fields);
      }
    }
    return handedOver;
  }

  /** Queues an open entry, unless it is held past the view's horizon (the due scan brings it in time). */
  private adopt(entry: LedgerEntry): boolean {
    if (entry.status === 'pending' && !this.ctx.coverage.holds(entry.dueAt)) return false;
    return this.ctx.queue.add(queuedOf(entry, this.ctx.options.claimTimeoutMs));
  }
}

/** What an entry takes from the watchdog a match hands it to: its time, and what its e-mail shows of that watchdog. */
type HandOver = Pick<LedgerEntry, 'dueAt' | 'heldFor' | 'watchdogId' | 'member' | 'withAds' | 'radarPrice' | 'maxOffers' | 'mapArea' | 'deliveryKey' | 'deliveryAsOf'>;

/** A match's fields for an entry opened again (its key stays). */
function withoutId<T extends { _id: string }>(fields: T): Omit<T, '_id'> {
  const { _id, ...rest } = fields;
  return rest;
}
