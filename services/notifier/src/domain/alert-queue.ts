import type { LedgerEntry } from '../repositories/ledger.model';

/**
 * An entry as the dispatcher handles it. `gen`: the claim generation to take next (or, in flight,
 * the one held). `takeover`: the entry was claimed by a sender that may still confirm it, so after
 * winning the claim the entry is read again and sent only if still open.
 */
export type QueuedEntry = { entry: LedgerEntry; gen: number; takeover: boolean; readyAt: number };

/** `blockedAt`: when this process blocked the address, so that an older snapshot of the ledger does not undo it. */
export type Recipient = { lastEmailAt: number | null; blocked: boolean; blockedReason: string | null; blockedAt: number | null };

/**
 * Offers one e-mail to a person may list: the tier's cap their alerts carry (the most generous, if
 * their alerts disagree, e.g. right after an upgrade), else the service's default.
 */
export function capOf(entries: Iterable<{ maxOffers?: number | null }>, fallback: number): number {
  let cap = 0;
  for (const e of entries) if (e.maxOffers && e.maxOffers > cap) cap = e.maxOffers;
  return cap || fallback;
}

/** One person's due entries, oldest first: one e-mail. */
export type Pick = { email: string; entries: QueuedEntry[] };

const RECENT_LIMIT = 200_000;
/** Recipient states held before idle ones are forgotten (they are read again when needed). */
const RECIPIENT_LIMIT = 50_000;

/**
 * The notifier's working view of the ledger, in memory: entries waiting per person, entries in
 * flight, the window and cap rules of docs/decisions.md ("Alerts"), and recently closed keys. The
 * ledger stays the truth (rebuilt from it at start); this view spares the database every query
 * that FerretDB cannot answer by `_id`. No I/O here.
 */
export class AlertQueue {
  private readonly waiting = new Map<string, Map<string, QueuedEntry>>();
  /** Key → person, for the waiting entries. */
  private readonly waitingKeys = new Map<string, string>();
  private readonly recipients = new Map<string, Recipient>();
  /** People with an e-mail between claim and the provider's answer: one at a time per person. */
  private readonly busy = new Set<string>();
  /** Keys this process claimed and has not closed. */
  private readonly inFlight = new Set<string>();
  /** Keys closed lately (sent, failed, dead): a redelivery or a rescan snapshot need not look them up. */
  private readonly recent = new Set<string>();

  constructor(private readonly rules: { windowMs: number; maxPerEmail: number; maxPerDigest?: number; recentLimit?: number; recipientLimit?: number }) {}

  recipient(email: string): Recipient | undefined {
    return this.recipients.get(email);
  }

  setRecipient(email: string, state: Recipient): void {
    this.recipients.set(email, state);
  }

  /** Of these people, the ones whose state this view does not hold (to be read from the ledger). */
  unknownRecipients(emails: Iterable<string>): string[] {
    return [...new Set(emails)].filter((email) => !this.recipients.has(email));
  }

  /** Every person whose state this view holds. */
  knownRecipients(): string[] {
    return [...this.recipients.keys()];
  }

  /**
   * Past the limit, forgets the states of people with nothing waiting or in flight whose window
   * has closed and who were not blocked here: the ledger has them, and they matter again only
   * with their next alert. So the view holds the people of recent alerts, not everyone ever.
   */
  forgetIdleRecipients(now: number): number {
    const limit = this.rules.recipientLimit ?? RECIPIENT_LIMIT;
    if (this.recipients.size <= limit) return 0;
    let forgotten = 0;
    for (const [email, state] of this.recipients) {
      if (this.busy.has(email) || this.waiting.has(email) || state.blockedAt !== null) continue;
      if (state.lastEmailAt !== null && state.lastEmailAt + this.rules.windowMs > now) continue;
      this.recipients.delete(email);
      forgotten++;
    }
    return forgotten;
  }

  /** The first alert goes at once; later ones wait until the window after the person's last e-mail closes. */
  readyAt(email: string, notBefore: number): number {
    const last = this.recipients.get(email)?.lastEmailAt;
    return last === null || last === undefined ? notBefore : Math.max(notBefore, last + this.rules.windowMs);
  }

  /** Waiting, in flight, or closed lately. */
  knows(key: string): boolean {
    return this.inFlight.has(key) || this.recent.has(key) || this.waitingEntry(key) !== undefined;
  }

  /** Queues an entry unless this process already knows it; false when it did. */
  add(queued: QueuedEntry): boolean {
    const { entry } = queued;
    if (this.knows(entry._id)) return false;
    let entries = this.waiting.get(entry.email);
    if (!entries) this.waiting.set(entry.email, (entries = new Map()));
    entries.set(entry._id, queued);
    this.waitingKeys.set(entry._id, entry.email);
    return true;
  }

  /**
   * Takes the due entries of up to `maxPeople` people who have no e-mail in flight (oldest first,
   * at most the cap per person) and marks them in flight; entries of blocked people come back apart.
   */
  takeDue(now: number, maxPeople: number): { picks: Pick[]; blocked: Pick[] } {
    const picks: Pick[] = [];
    const blocked: Pick[] = [];
    for (const [email, entries] of this.waiting) {
      if (picks.length >= maxPeople) break;
      if (this.busy.has(email)) continue;
      if (this.recipients.get(email)?.blocked) {
        blocked.push({ email, entries: this.take(email, [...entries.values()]) });
        continue;
      }
      const windowEnds = this.readyAt(email, 0);
      if (windowEnds > now) continue;
      const due = [...entries.values()].filter((q) => q.readyAt <= now);
      if (due.length === 0) continue;
      due.sort((a, b) => a.entry.createdAt.getTime() - b.entry.createdAt.getTime() || (a.entry._id < b.entry._id ? -1 : 1));
      picks.push({ email, entries: this.take(email, due.slice(0, this.capFor(due))) });
      this.busy.add(email);
    }
    return { picks, blocked };
  }

  /**
   * Reserves a person for an e-mail of entries not yet in the ledger (the claim goes in with the
   * insert): only when nothing of theirs waits or is in flight, the window is over and the address
   * is not blocked.
   */
  reserve(email: string, now: number): boolean {
    if (this.busy.has(email) || this.waiting.has(email) || this.recipients.get(email)?.blocked || this.readyAt(email, 0) > now) return false;
    this.busy.add(email);
    return true;
  }

  /** Entries this process claimed without taking them from the queue (claimed at insert). */
  track(keys: string[]): void {
    for (const key of keys) {
      // A rescan may have queued the entry from a snapshot taken while it was being inserted.
      const email = this.waitingKeys.get(key);
      if (email !== undefined) this.take(email, [this.waiting.get(email)!.get(key)!]);
      this.inFlight.add(key);
    }
  }

  busyCount(): number {
    return this.busy.size;
  }

  /** The person's e-mail started now: later matches wait for the window. */
  emailStarted(email: string, at: number): void {
    const state = this.recipients.get(email) ?? { lastEmailAt: null, blocked: false, blockedReason: null, blockedAt: null };
    this.recipients.set(email, { ...state, lastEmailAt: at });
  }

  /** The provider answered (or the attempt ended): the person may have the next e-mail. */
  done(email: string): void {
    this.busy.delete(email);
  }

  /** Entries taken but not sent (a failed claim, a transient failure): back to waiting. */
  putBack(entries: QueuedEntry[]): void {
    for (const q of entries) {
      this.inFlight.delete(q.entry._id);
      this.add(q);
    }
  }

  /**
   * A waiting entry planned again (a change of delivery): it keeps its place with its new time when
   * that is within the view's horizon (`inView`), else it leaves memory until the due scan brings it.
   * Entries in flight are left alone (they are being sent). Whether the entry was waiting here.
   */
  replan(key: string, plan: Partial<LedgerEntry> & { dueAt: Date; heldFor: LedgerEntry['heldFor'] }, inView: boolean): boolean {
    const email = this.waitingKeys.get(key);
    if (email === undefined) return false;
    const entries = this.waiting.get(email)!;
    const queued = entries.get(key)!;
    if (inView) {
      entries.set(key, { ...queued, entry: { ...queued.entry, ...plan }, readyAt: Math.max(plan.dueAt.getTime(), queued.takeover ? queued.readyAt : 0) });
      return true;
    }
    this.unwait(email, key);
    return true;
  }

  /**
   * A waiting entry's new fields that leave its time alone (handed to another of the person's
   * watchdogs, which the e-mail then speaks for). Whether the entry was waiting here.
   */
  amend(key: string, fields: Partial<Omit<LedgerEntry, '_id' | 'email' | 'dueAt'>>): boolean {
    const email = this.waitingKeys.get(key);
    if (email === undefined) return false;
    const entries = this.waiting.get(email)!;
    const queued = entries.get(key)!;
    entries.set(key, { ...queued, entry: { ...queued.entry, ...fields } });
    return true;
  }

  /** The entry as it waits here (not in flight, not closed), if it does. */
  waitingOf(key: string): LedgerEntry | undefined {
    return this.waitingEntry(key)?.entry;
  }

  /**
   * Waiting entries that must not go out (their offer was withdrawn): dropped from memory, and not
   * remembered as closed, so a match of the offer back on the market is looked up and may open them.
   */
  withdraw(keys: Iterable<string>): number {
    let dropped = 0;
    for (const key of keys) {
      const email = this.waitingKeys.get(key);
      if (email === undefined) continue;
      this.unwait(email, key);
      dropped++;
    }
    return dropped;
  }

  /** Entries this process no longer tracks: sent, closed for good, or taken by another sender. */
  close(keys: string[]): void {
    const limit = this.rules.recentLimit ?? RECENT_LIMIT;
    for (const key of keys) {
      this.inFlight.delete(key);
      this.recent.delete(key);
      this.recent.add(key);
    }
    for (const key of this.recent) {
      if (this.recent.size <= limit) break;
      this.recent.delete(key);
    }
  }

  /** Entries whose state this process lost track of (an unknown write outcome): the next rescan takes them up. */
  forget(keys: string[]): void {
    for (const key of keys) this.inFlight.delete(key);
  }

  stats(): { waiting: number; people: number; inFlight: number; busy: number } {
    let waiting = 0;
    for (const entries of this.waiting.values()) waiting += entries.size;
    return { waiting, people: this.waiting.size, inFlight: this.inFlight.size, busy: this.busy.size };
  }

  /** The tier's cap; a digest (or the e-mail after quiet hours) may list up to the digest cap. */
  private capFor(due: QueuedEntry[]): number {
    const cap = capOf(due.map((q) => q.entry), this.rules.maxPerEmail);
    return due.some((q) => q.entry.heldFor) ? Math.max(cap, this.rules.maxPerDigest ?? cap) : cap;
  }

  private take(email: string, taken: QueuedEntry[]): QueuedEntry[] {
    const entries = this.waiting.get(email)!;
    for (const q of taken) {
      entries.delete(q.entry._id);
      this.waitingKeys.delete(q.entry._id);
      this.inFlight.add(q.entry._id);
    }
    if (entries.size === 0) this.waiting.delete(email);
    return taken;
  }

  private unwait(email: string, key: string): void {
    const entries = this.waiting.get(email)!;
    entries.delete(key);
    this.waitingKeys.delete(key);
    if (entries.size === 0) this.waiting.delete(email);
  }

  private waitingEntry(key: string): QueuedEntry | undefined {
    const email = this.waitingKeys.get(key);
    return email === undefined ? undefined : this.waiting.get(email)?.get(key);
  }
}
