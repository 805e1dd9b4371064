import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { BULK_CHUNK, fromJsonBytes, insertRefusingDuplicates, jsonBytes } from '@rr/kit';
import type { HeldFor, Offer } from '@rr/proto';
import { alertClaimModel, claimIdOf, ledgerModel, offerWithdrawalModel, recipientModel, watchdogLinkModel, type AlertClaim, type LedgerEntry, type LedgerStatus, type OwnerFacts, type WatchdogFacts, type OfferWithdrawal, type RecipientState, type WatchdogLink } from './ledger.model';

export type NewEntry = Omit<LedgerEntry, 'status' | 'attempts' | 'batchId' | 'claimedAt' | 'sentAt' | 'reported' | 'provider' | 'messageId' | 'failure' | 'createdAt'> & {
  /** Set when the entry is inserted already claimed for this batch. */
  claim: { batchId: string } | null;
};

/** A claim of generation `gen` of an entry for a batch. */
export type ClaimStatement = { key: string; gen: number; batchId: string };

export type Confirmation = { keys: string[]; batchId: string; sentAt: Date; provider: string; messageId: string | null; adCampaignId?: string | null };

/** A waiting entry as a change of a watchdog reads it: its plan and whose it is, not its offer. */
export type HeldEntry = Pick<LedgerEntry, '_id' | 'email' | 'watchdogId' | 'watchdogIds' | 'watchdogFacts' | 'member' | 'dueAt' | 'heldFor' | 'createdAt' | 'deliveryKey' | 'deliveryAsOf'>;
const HELD_FIELDS = { _id: 1, email: 1, watchdogId: 1, watchdogIds: 1, watchdogFacts: 1, member: 1, dueAt: 1, heldFor: 1, createdAt: 1, deliveryKey: 1, deliveryAsOf: 1 } as const;

/** What changes of watchdogs do to one waiting entry: its new fields (dispatch/held-changes.ts). */
export type WatchdogEffect = { key: string; set: Partial<Pick<LedgerEntry, 'status' | 'dueAt' | 'heldFor' | 'deliveryKey' | 'deliveryAsOf' | 'watchdogId' | 'watchdogIds' | 'droppedWatchdogIds' | keyof OwnerFacts>> };

/**
 * An entry's offer is stored as JSON in binary data: FerretDB decodes and encodes a nested
 * document field by field on every read and every update of the entry (four per alert). Entries
 * from before hold the offer as a document, which `fromJsonBytes` passes through.
 */
const storedOf = (entry: LedgerEntry): LedgerEntry => ({ ...entry, offer: jsonBytes(entry.offer) as unknown as Offer });
const entryOf = (doc: LedgerEntry): LedgerEntry => ({ ...doc, offer: fromJsonBytes<Offer>(doc.offer) });

/**
 * The alert ledger and recipient states: the notifier's durable queue and its memory of what went
 * out. Every call on the hot path reads or writes by `_id` (bulk statements of updateOne-by-`_id`,
 * in chunks); the open entries are read through the `{ status, reported }` index, at start and by
 * the rare rescan.
 */
export class LedgerRepository {
  private readonly entries: Collection<LedgerEntry>;
  private readonly recipients: Collection<RecipientState>;
  private readonly claims: Collection<AlertClaim>;
  private readonly withdrawals: Collection<OfferWithdrawal>;
  private readonly links: Collection<WatchdogLink>;
  private readonly init$: Promise<unknown>;

  constructor(connection: Connection) {
    const entries = ledgerModel(connection);
    const recipients = recipientModel(connection);
    const claims = alertClaimModel(connection);
    this.claims = claims.collection as unknown as Collection<AlertClaim>;
    this.entries = entries.collection as unknown as Collection<LedgerEntry>;
    this.recipients = recipients.collection as unknown as Collection<RecipientState>;
    const withdrawals = offerWithdrawalModel(connection);
    this.withdrawals = withdrawals.collection as unknown as Collection<OfferWithdrawal>;
    const links = watchdogLinkModel(connection);
    this.links = links.collection as unknown as Collection<WatchdogLink>;
    this.init$ = Promise.all([entries.init(), recipients.init(), claims.init(), withdrawals.init(), links.init()]);
  }

  async init(): Promise<void> {
    await this.init$;
  }

  /**
   * Inserts new entries, pending or, when the dispatcher can send at once, already claimed for a
   * batch (the claim goes in with the insert: one write instead of two). Keys that exist already
   * (the person had this alert) come back as duplicates. An entry with `withdrawnAt` goes in
   * `withdrawn` (a match of an offer whose withdrawal was handled before it arrived).
   */
  async insertNew(entries: NewEntry[], now: Date): Promise<{ inserted: LedgerEntry[]; duplicates: string[] }> {
    if (entries.length === 0) return { inserted: [], duplicates: [] };
    const docs: LedgerEntry[] = entries.map(({ claim, ...e }) => ({
      // Inserted claimed: the insert itself (unique key) is generation 0 of the claim.
      ...e, watchdogIds: e.watchdogIds ?? [e.watchdogId], status: claim ? 'claimed' : e.withdrawnAt ? 'withdrawn' : 'pending', attempts: 0, batchId: claim?.batchId ?? null, claimedAt: claim ? now : null, claims: claim ? 1 : 0,
      sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: now,
    }));
    // Linked first: a change of an also-matching watchdog must find the entry once it exists.
    await this.link(docs.flatMap((d) => (d.watchdogIds ?? []).filter((id) => id !== d.watchdogId).map((watchdogId) => ({ key: d._id, watchdogId }))), now);
    const refused = await insertRefusingDuplicates(this.entries, docs.map(storedOf));
    return { inserted: docs.filter((_, i) => !refused.has(i)), duplicates: docs.filter((_, i) => refused.has(i)).map((d) => d._id) };
  }

  async findById(id: string): Promise<LedgerEntry | null> {
    const doc = await this.entries.findOne({ _id: id });
    return doc && entryOf(doc);
  }

  /** Entries by key: one `_id $in` read from the `_id` index, in chunks. */
  async findByIds(ids: string[]): Promise<LedgerEntry[]> {
    const found: LedgerEntry[] = [];
    for (let i = 0; i < ids.length; i += 500) found.push(...(await this.entries.find({ _id: { $in: ids.slice(i, i + 500) } }).toArray()).map(entryOf));
    return found;
  }

  /**
   * What is waiting (due by `horizon`: a digest's entries stay in the ledger until near their time),
   * claimed, or sent but not yet reported (by index). At start and on the rare rescan only.
   */
  async openEntries(horizon: Date): Promise<LedgerEntry[]> {
    return (await this.entries.find({ $or: [{ status: 'pending', dueAt: { $lte: horizon } }, { status: 'claimed' }, { status: 'sent', reported: false }] }).toArray()).map(entryOf);
  }

  /**
   * Pending entries coming due in (from, to], in (dueAt, _id) order after the cursor: one page of the
   * due scan, from the `{status, dueAt, _id}` index.
   */
  async pendingDueBetween(from: Date, to: Date, after: { dueAt: Date; id: string } | null, limit: number): Promise<LedgerEntry[]> {
    const range = after
      ? { $or: [{ status: 'pending' as LedgerStatus, dueAt: { $gt: after.dueAt, $lte: to } }, { status: 'pending' as LedgerStatus, dueAt: after.dueAt, _id: { $gt: after.id } }] }
      : { status: 'pending' as LedgerStatus, dueAt: { $gt: from, $lte: to } };
    return (await this.entries.find(range).sort({ dueAt: 1, _id: 1 }).limit(limit).toArray()).map(entryOf);
  }

  /** These people's states, by `_id` in chunks (a person never e-mailed has none). */
  async findRecipients(emails: string[]): Promise<RecipientState[]> {
    const found: RecipientState[] = [];
    for (let i = 0; i < emails.length; i += 500) found.push(...(await this.recipients.find({ _id: { $in: emails.slice(i, i + 500) } }).toArray()));
    return found;
  }

  /**
   * Claims entries by inserting one claim document per entry and generation: won where the insert
   * went in, lost where the generation was taken already (another sender, or a stale view).
   */
  async claim(statements: ClaimStatement[], now: Date): Promise<{ won: Set<string>; lost: string[] }> {
    const docs = statements.map((s) => ({ _id: claimIdOf(s.key, s.gen), batchId: s.batchId, at: now }));
    const refused = await insertRefusingDuplicates(this.claims, docs);
    return { won: new Set(statements.filter((_, i) => !refused.has(i)).map((s) => s.key)), lost: statements.filter((_, i) => refused.has(i)).map((s) => s.key) };
  }

  async findClaim(key: string, gen: number): Promise<AlertClaim | null> {
    return this.claims.findOne({ _id: claimIdOf(key, gen) });
  }

  /** Records won claims in the entries (the state shown to people and to the next start). */
  async markClaimed(statements: ClaimStatement[], now: Date): Promise<void> {
    await this.bulk(this.entries, statements.map((s) => ({
      updateOne: {
        filter: { _id: s.key, status: { $in: ['pending', 'claimed'] as LedgerStatus[] } },
        update: { $set: { status: 'claimed' as LedgerStatus, batchId: s.batchId, claimedAt: now, claims: s.gen + 1 } },
      },
    })));
  }

  /** The provider accepted these e-mails. `reported` stays false until `alert.sent` went out. */
  async confirmSent(confirmations: Confirmation[]): Promise<void> {
    await this.bulk(this.entries, confirmations.flatMap((c) => c.keys.map((key) => ({
      updateOne: {
        filter: { _id: key },
        update: { $set: { status: 'sent' as LedgerStatus, batchId: c.batchId, sentAt: c.sentAt, provider: c.provider, messageId: c.messageId, adCampaignId: c.adCampaignId ?? null, reported: false } },
      },
    }))));
  }

  async markReported(keys: string[]): Promise<void> {
    await this.bulk(this.entries, keys.map((key) => ({ updateOne: { filter: { _id: key }, update: { $set: { reported: true } } } })));
  }

  /** A transient failure: back to the queue for a later attempt, at the generation after the one held. */
  async release(items: Array<{ key: string; gen: number }>, dueAt: Date, failure: string): Promise<void> {
    await this.bulk(this.entries, items.map((i) => ({
      updateOne: {
        filter: { _id: i.key },
        update: { $set: { status: 'pending' as LedgerStatus, dueAt, batchId: null, claimedAt: null, failure, claims: i.gen }, $inc: { attempts: 1 } },
      },
    })));
  }

  /**
   * Brings waiting entries forward, handed to the watchdog whose match asks for them earlier (a
   * held alert matched again by an instant watchdog of the person): only while pending and due
   * later than the new time, so racing a claim or an earlier plan is harmless.
   */
  async bringForward(items: Array<{ key: string; fields: Partial<LedgerEntry> & { dueAt: Date } }>): Promise<void> {
    await this.bulk(this.entries, items.map(({ key, fields }) => ({
      updateOne: { filter: { _id: key, status: 'pending' as LedgerStatus, dueAt: { $gt: fields.dueAt } }, update: { $set: fields } },
    })));
  }

  /**
   * The pending entries these watchdogs planned (the `{watchdogId, status}` index) or also matched
   * (their links, then the entries by `_id`), without their offers: what a change of a watchdog may
   * re-plan or drop. Streamed, so memory holds a page whatever a watchdog holds.
   */
  async *pendingOfWatchdogs(watchdogIds: string[]): AsyncGenerator<HeldEntry> {
    for (let i = 0; i < watchdogIds.length; i += 500) {
      const ids = watchdogIds.slice(i, i + 500);
      const planned = new Set<string>();
      for await (const doc of this.entries.find({ watchdogId: { $in: ids }, status: 'pending' }, { projection: HELD_FIELDS, batchSize: 500 })) {
        planned.add(doc._id);
        yield doc as HeldEntry;
      }
      const keys: string[] = [];
      for await (const link of this.links.find({ watchdogId: { $in: ids } }, { projection: { key: 1 }, batchSize: 500 })) {
        if (planned.has(link.key)) continue;
        planned.add(link.key);
        keys.push(link.key);
        if (keys.length === 500) yield* await this.pendingByKeys(keys.splice(0));
      }
      if (keys.length > 0) yield* await this.pendingByKeys(keys);
    }
  }

  private async pendingByKeys(keys: string[]): Promise<HeldEntry[]> {
    return (await this.entries.find({ _id: { $in: keys }, status: 'pending' }, { projection: HELD_FIELDS }).toArray()) as HeldEntry[];
  }

  /** Applies what changes of watchdogs do to waiting entries; only while still pending, by `_id`. */
  async applyWatchdogEffects(effects: WatchdogEffect[]): Promise<void> {
    await this.bulk(this.entries, effects.map((e) => ({ updateOne: { filter: { _id: e.key, status: 'pending' as LedgerStatus }, update: { $set: e.set } } })));
  }

  /** Other watchdogs of the person that matched these entries' properties (a duplicate match), with what the alert takes from each. */
  async addWatchdogs(items: Array<{ key: string; watchdogs: WatchdogFacts[] }>, now = new Date()): Promise<void> {
    await this.link(items.flatMap((i) => i.watchdogs.map(({ watchdogId }) => ({ key: i.key, watchdogId }))), now);
    await this.bulk(this.entries, items.map((i) => ({
      updateOne: { filter: { _id: i.key }, update: { $addToSet: { watchdogIds: { $each: i.watchdogs.map((w) => w.watchdogId) }, watchdogFacts: { $each: i.watchdogs } } } },
    })));
  }

  /** Remembers the latest handled withdrawal of each offer (kept until swept by age). */
  async recordWithdrawals(items: Array<{ offerId: string; withdrawnAt: Date }>, now: Date): Promise<void> {
    await this.bulk(this.withdrawals, items.map((i) => ({
      updateOne: { filter: { _id: i.offerId }, update: { $max: { withdrawnAt: i.withdrawnAt }, $set: { at: now } }, upsert: true },
    })));
  }

  /** The latest handled withdrawal of these offers, by `_id` in chunks (most offers have none). */
  async withdrawalsOf(offerIds: string[]): Promise<Map<string, Date>> {
    const found = new Map<string, Date>();
    for (let i = 0; i < offerIds.length; i += 500) {
      for (const doc of await this.withdrawals.find({ _id: { $in: offerIds.slice(i, i + 500) } }).toArray()) found.set(doc._id, doc.withdrawnAt);
    }
    return found;
  }

  private async link(links: Array<{ key: string; watchdogId: string }>, now: Date): Promise<void> {
    await this.bulk(this.links, links.map((l) => ({ updateOne: { filter: { _id: `${l.watchdogId}|${l.key}` }, update: { $set: { watchdogId: l.watchdogId, key: l.key, at: now } }, upsert: true } })));
  }

  /** Links older than this: their entries have gone out (a digest waits a week at most). */
  async deleteLinksBefore(before: Date): Promise<number> {
    return (await this.links.deleteMany({ at: { $lt: before } })).deletedCount;
  }

  /** Withdrawal records older than this: no match fetched before them is still on its way. */
  async deleteWithdrawalsBefore(before: Date): Promise<number> {
    return (await this.withdrawals.deleteMany({ at: { $lt: before } })).deletedCount;
  }

  /** The pending entries about these offers (the `{offerId, email}` index), without their offers: what a withdrawal stops. */
  async *pendingAbout(offerIds: string[]): AsyncGenerator<Pick<LedgerEntry, '_id' | 'email' | 'offerId' | 'reason' | 'fetchedAt'>> {
    for (let i = 0; i < offerIds.length; i += 500) {
      const cursor = this.entries.find({ offerId: { $in: offerIds.slice(i, i + 500) }, status: 'pending' }, { projection: { _id: 1, email: 1, offerId: 1, reason: 1, fetchedAt: 1 }, batchSize: 500 });
      for await (const doc of cursor) yield doc;
    }
  }

  /** Stops pending entries whose offer was withdrawn before they went out; only while still pending. */
  async markWithdrawn(items: Array<{ key: string; withdrawnAt: string }>): Promise<void> {
    await this.bulk(this.entries, items.map((i) => ({
      updateOne: { filter: { _id: i.key, status: 'pending' as LedgerStatus }, update: { $set: { status: 'withdrawn' as LedgerStatus, withdrawnAt: i.withdrawnAt } } },
    })));
  }

  /**
   * Of these people and offers, the pairs the ledger shows a sent alert about (a new offer, a drop
   * or a comeback): one read by `{offerId, email}` per chunk of offers, bounded by those people.
   */
  async toldAbout(pairs: Array<{ email: string; offerId: string }>): Promise<Set<string>> {
    const told = new Set<string>();
    const offerIds = [...new Set(pairs.map((p) => p.offerId))];
    const emails = [...new Set(pairs.map((p) => p.email))];
    for (let i = 0; i < offerIds.length; i += 500) {
      const cursor = this.entries.find(
        { offerId: { $in: offerIds.slice(i, i + 500) }, email: { $in: emails }, status: 'sent' },
        { projection: { email: 1, offerId: 1, reason: 1 }, batchSize: 500 },
      );
      for await (const doc of cursor) if (doc.reason !== 'noLongerActive') told.add(`${doc.email}|${doc.offerId}`);
    }
    return told;
  }

  /**
   * Opens a withdrawn entry again with a match of its offer back on the market (fetched after the
   * withdrawal), or a dropped one with a match from another of the person's watchdogs: it was
   * never sent, so the person hears of the offer now. Only while `withdrawn` or `dropped`.
   */
  async reopen(items: Array<{ key: string; fields: Partial<LedgerEntry> }>): Promise<void> {
    await this.bulk(this.entries, items.map(({ key, fields }) => ({
      updateOne: {
        filter: { _id: key, status: { $in: ['withdrawn', 'dropped'] as LedgerStatus[] } },
        update: { $set: { ...(fields.offer ? { ...fields, offer: jsonBytes(fields.offer) as unknown as Offer } : fields), status: 'pending' as LedgerStatus, withdrawnAt: null, droppedWatchdogIds: null, batchId: null, claimedAt: null, failure: null } },
      },
    })));
  }

  /** Closes open entries for good (`failed`, `dead`). */
  async markFinal(keys: string[], status: 'failed' | 'dead', failure: string): Promise<void> {
    await this.bulk(this.entries, keys.map((key) => ({
      updateOne: { filter: { _id: key, status: { $in: ['pending', 'claimed'] as LedgerStatus[] } }, update: { $set: { status, failure } } },
    })));
  }

  /** Claim documents older than this are of no use to anyone (no view of the ledger is that old). */
  async deleteClaimsBefore(before: Date): Promise<number> {
    return (await this.claims.deleteMany({ at: { $lt: before } })).deletedCount;
  }

  /** Notes when each person's alert e-mail started (the window rule survives a restart). */
  async touchRecipients(emails: string[], at: Date): Promise<void> {
    await this.bulk(this.recipients, emails.map((email) => ({
      updateOne: { filter: { _id: email }, update: { $set: { lastEmailAt: at }, $setOnInsert: { blocked: false, blockedReason: null } }, upsert: true },
    })));
  }

  async blockRecipient(email: string, reason: string): Promise<void> {
    await this.recipients.updateOne({ _id: email }, { $set: { blocked: true, blockedReason: reason }, $setOnInsert: { lastEmailAt: null } }, { upsert: true });
  }

  /** Update statements in chunks (an unpatched FerretDB never answers 100+ statements); returns the documents changed. */
  private async bulk<T extends { _id: string }>(collection: Collection<T>, ops: Array<AnyBulkWriteOperation<T>>): Promise<number> {
    let modified = 0;
    for (let i = 0; i < ops.length; i += BULK_CHUNK) {
      const result = await collection.bulkWrite(ops.slice(i, i + BULK_CHUNK), { ordered: false });
      modified += result.modifiedCount + result.upsertedCount;
    }
    return modified;
  }
}
