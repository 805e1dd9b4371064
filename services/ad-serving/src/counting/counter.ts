import { randomBytes } from 'node:crypto';
import type { Logger } from '@rr/kit';
import type { AdDecisionRequest } from '@rr/proto';
import { countFetch, type FetchClass, type ImpressionState } from '../domain/counting';
import { pragueDay } from '../domain/frequency-cap';
import { chargeViews } from '../domain/ledger';
import { WEEKLY_PRICE, pricePerView } from '../domain/pricing';
import type { DailyIncrement, ImpressionRecord } from '../repositories/stats.repository';
import type { LiveState } from '../serving/live-state';
import { Reach } from './reach';

export type FetchEvent = { campaignId: string; emailId: string; issuedAt: number; cls: FetchClass; at: number };
export type ClickEvent = { campaignId: string; emailId: string; at: number };
/** An alert e-mail the notifier sent with a campaign's banner (alert.sent). */
export type SendEvent = { campaignId: string; emailId: string; at: number };
type Waiting = { done: () => void; fail: (err: Error) => void };
type Deposit = { paymentId: string; advertiserId: string; amount: number; at: number; done: (booked: boolean) => void; fail: (err: Error) => void };

/** Token states seen lately, so a reload costs no database read (bounded; older ones are read again). */
const RECENT_MAX = 200_000;

/**
 * The one writer of counts and money. Requests only enqueue; every `flushMs` a round books what
 * was gathered, in order: deposits, weekly charges, impressions (first fetch per e-mail, each
 * once by its record's unique id), charges for the round's net views, clicks, day counters,
 * credit and campaign totals, and finally marks the round's impressions settled. A crash
 * before that leaves them unsettled, and `recover()` finishes the round at the next start.
 */
export class Counter {
  private fetches: FetchEvent[] = [];
  private clicks: ClickEvent[] = [];
  private deposits: Deposit[] = [];
  private weeks: Array<{ campaignId: string; advertiserId: string; week: number }> = [];
  private sends: SendEvent[] = [];
  private sendWaiters: Waiting[] = [];
  private readonly recent = new Map<string, ImpressionState>();
  readonly reachCounts = new Reach();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private touched: (campaignId: string) => void = () => undefined;
  private repairNeeded = false;
  readonly stats = { rounds: 0, fetched: 0, views: 0, charged: 0, free: 0, clicks: 0, failures: 0 };

  constructor(private readonly live: LiveState, private readonly log: Logger) {}

  onTotals(fn: (campaignId: string) => void): void {
    this.touched = fn;
  }

  start(flushMs: number): void {
    this.timer = setInterval(() => void this.flush(), flushMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  fetched(e: FetchEvent): void {
    this.fetches.push(e);
  }

  clicked(e: ClickEvent): void {
    this.clicks.push(e);
  }

  /** E-mails sent with a banner; resolves once they are counted (each e-mail once, however often it is reported). */
  sent(events: SendEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    return new Promise((done, fail) => {
      this.sends.push(...events);
      this.sendWaiters.push({ done, fail });
      void this.flush();
    });
  }

  reach(offers: AdDecisionRequest['offers'], now: number): void {
    this.reachCounts.add(offers, now);
  }

  chargeWeek(campaignId: string, advertiserId: string, week: number): void {
    this.weeks.push({ campaignId, advertiserId, week });
  }

  /** Books a paid top-up; resolves once it is in the ledger (false: it was booked before). */
  deposit(paymentId: string, advertiserId: string, amount: number, at: number): Promise<boolean> {
    return new Promise((done, fail) => {
      this.deposits.push({ paymentId, advertiserId, amount, at, done, fail });
      void this.flush();
    });
  }

  /** Runs a round now (or waits for the one running); tests and shutdown call it. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.round().finally(() => (this.running = null));
    await this.running;
  }

  private async round(): Promise<void> {
    const fetches = this.fetches;
    const clicks = this.clicks;
    const deposits = this.deposits;
    const weeks = this.weeks;
    const sends = this.sends;
    const sendWaiters = this.sendWaiters;
    this.fetches = [];
    this.clicks = [];
    this.deposits = [];
    this.weeks = [];
    this.sends = [];
    this.sendWaiters = [];
    const nothing = fetches.length + clicks.length + deposits.length + weeks.length + sends.length === 0;
    const reach = this.reachCounts.take();
    if (this.repairNeeded) {
      try {
        await this.recover();
        this.repairNeeded = false;
      } catch (err) {
        // No new round before the failed one is finished: its counters remember only their last round.
        this.log.warn({ err }, 'repair of an unfinished counting round failed; counting waits and tries again');
        this.putBack(fetches, clicks, deposits, weeks, sends, sendWaiters, reach);
        return;
      }
    }
    if (nothing && reach.length === 0) return;
    const round = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
    const daily = new Map<string, DailyIncrement>();
    const dirtyCredit = new Set<string>();
    const dirtyTotals = new Set<string>();
    try {
      await this.bookDeposits(deposits, dirtyCredit);
      await this.bookWeeks(weeks, daily, dirtyCredit, dirtyTotals);
      const settled = await this.countFetches(round, fetches, daily, dirtyCredit, dirtyTotals);
      const clicked = await this.countClicks(round, clicks, daily);
      const counted = await this.countSends(round, sends, daily);
      await this.live.repos.stats.addDaily([...daily.values()], round);
      await this.save(dirtyCredit, dirtyTotals);
      if (settled.length > 0) await this.live.repos.stats.markImpressions(settled, { settled: true });
      if (clicked.length > 0) await this.live.repos.stats.markClicks(clicked, { settled: true });
      if (counted.length > 0) await this.live.repos.stats.markSends(counted, { settled: true });
      await this.reachCounts.save(this.live.repos.stats, reach);
      this.stats.rounds += 1;
      for (const w of sendWaiters) w.done();
    } catch (err) {
      this.stats.failures += 1;
      this.log.error({ err, round }, 'counting round failed; its unsettled impressions are finished at the next start');
      for (const d of deposits) d.fail(err as Error);
      // Tried again next round: a fetch, click or send already stored is read back as such, so
      // nothing counts twice; what the round stored is finished by the repair. The sends' events
      // are redelivered by Kafka (their handler fails with the round).
      for (const w of sendWaiters) w.fail(err as Error);
      this.putBack(fetches, clicks, [], weeks, [], [], reach);
      this.repairNeeded = true;
    }
  }

  private putBack(fetches: FetchEvent[], clicks: ClickEvent[], deposits: Deposit[], weeks: Counter['weeks'], sends: SendEvent[], sendWaiters: Waiting[], reach: ReturnType<Reach['take']>): void {
    this.fetches = [...fetches, ...this.fetches];
    this.clicks = [...clicks, ...this.clicks];
    this.deposits = [...deposits, ...this.deposits];
    this.weeks = [...weeks, ...this.weeks];
    this.sends = [...sends, ...this.sends];
    this.sendWaiters = [...sendWaiters, ...this.sendWaiters];
    for (const r of reach) this.reachCounts.restore(r);
  }

  /**
   * Finishes rounds a crash or a failed write left unsettled, from their own records: the credit
   * and spend are rebuilt from the ledger for the advertisers concerned, each round's views are
   * charged under the round's own entry ids (never twice; a charge booked before the crash is
   * read back), and its fetches, views, clicks and spend are added to the day counters, which
   * take each round once (`addDaily`). Then the records are settled.
   */
  async recover(): Promise<{ impressions: number; charged: number }> {
    const [open, openClicks, openSends] = await Promise.all([this.live.repos.stats.unsettledImpressions(), this.live.repos.stats.unsettledClicks(), this.live.repos.stats.unsettledSends()]);
    if (open.length + openClicks.length + openSends.length === 0) return { impressions: 0, charged: 0 };
    const ids = [...new Set([...open, ...openClicks, ...openSends].map((i) => i.campaignId))];
    const campaigns = (await Promise.all(ids.map((id) => this.live.campaign(id, 0)))).filter((c) => c != null);
    const advertiserOf = new Map(campaigns.map((c) => [c!._id, c!.advertiserId]));
    for (const id of new Set(advertiserOf.values())) {
      const entries = [];
      for await (const e of this.live.repos.credit.allEntriesOf(id)) entries.push(e);
      const deposited = entries.filter((e) => e.kind === 'deposit').reduce((s, e) => s + e.amount, 0);
      const charged = entries.filter((e) => e.kind !== 'deposit').reduce((s, e) => s + e.amount, 0);
      this.live.credits.set(id, { _id: id, deposited, charged, balance: deposited - charged, updatedAt: new Date() });
    }
    for (const c of campaigns) {
      const { spent, weeks } = await this.live.repos.credit.spentOn(c!._id);
      this.live.totals.set(c!._id, { _id: c!._id, spent, weeksPaid: weeks, updatedAt: new Date() });
    }
    const dirtyCredit = new Set(advertiserOf.values());
    const dirtyTotals = new Set(advertiserOf.keys());
    const before = this.stats.charged;
    const rounds = new Set([...open.flatMap((i) => [i.round, i.fetchedRound ?? i.round]), ...openClicks.map((c) => c.round ?? ''), ...openSends.map((x) => x.round)].filter(Boolean));
    for (const round of rounds) {
      const daily = new Map<string, DailyIncrement>();
      for (const x of openSends) {
        const advertiserId = advertiserOf.get(x.campaignId);
        if (advertiserId && x.round === round) this.addTo(daily, x.campaignId, advertiserId, x.day, { sent: 1 });
      }
      const views = new Map<string, number>();
      for (const i of open) {
        const advertiserId = advertiserOf.get(i.campaignId);
        if (!advertiserId) continue;
        const viewed = i.net && i.round === round;
        if ((i.fetchedRound ?? i.round) === round) this.addTo(daily, i.campaignId, advertiserId, i.day, { fetched: 1 });
        if (viewed) {
          this.addTo(daily, i.campaignId, advertiserId, i.viewDay ?? i.day, { views: 1 });
          views.set(i.campaignId, (views.get(i.campaignId) ?? 0) + 1);
        }
      }
      for (const c of openClicks) {
        const advertiserId = advertiserOf.get(c.campaignId);
        if (advertiserId && c.round === round) this.addTo(daily, c.campaignId, advertiserId, c.day ?? pragueDay(c.at.getTime()), { clicks: 1 });
      }
      await this.charge(round, views, daily, dirtyCredit, dirtyTotals);
      await this.live.repos.stats.addDaily([...daily.values()], round);
    }
    await this.save(dirtyCredit, dirtyTotals);
    await this.live.repos.stats.markImpressions(open.map((i) => i._id), { settled: true });
    await this.live.repos.stats.markClicks(openClicks.map((c) => c._id), { settled: true });
    await this.live.repos.stats.markSends(openSends.map((x) => x._id), { settled: true });
    for (const c of campaigns) this.touched(c!._id);
    this.log.warn({ impressions: open.length, clicks: openClicks.length, sends: openSends.length, rounds: rounds.size, charged: this.stats.charged - before }, 'unfinished counting rounds finished');
    return { impressions: open.length, charged: this.stats.charged - before };
  }

  private async bookDeposits(deposits: Deposit[], dirty: Set<string>): Promise<void> {
    if (deposits.length === 0) return;
    await this.live.creditsOf(deposits.map((d) => d.advertiserId));
    for (const d of deposits) {
      const booked = await this.live.repos.credit.book({
        _id: `dep:${d.paymentId}`, advertiserId: d.advertiserId, campaignId: null, kind: 'deposit', amount: d.amount, views: null, free: 0, day: pragueDay(d.at), at: new Date(d.at),
      });
      if (booked) {
        const credit = this.live.credits.get(d.advertiserId)!;
        credit.deposited += d.amount;
        credit.balance += d.amount;
        dirty.add(d.advertiserId);
      }
      d.done(booked);
    }
  }

  private async bookWeeks(weeks: Counter['weeks'], daily: Map<string, DailyIncrement>, dirtyCredit: Set<string>, dirtyTotals: Set<string>): Promise<void> {
    if (weeks.length === 0) return;
    await Promise.all([this.live.creditsOf(weeks.map((w) => w.advertiserId)), this.live.totalsOf(weeks.map((w) => w.campaignId))]);
    for (const w of weeks) {
      const credit = this.live.credits.get(w.advertiserId)!;
      const totals = this.live.totals.get(w.campaignId)!;
      if (totals.weeksPaid.includes(w.week)) continue;
      const now = Date.now();
      const booked = credit.balance >= WEEKLY_PRICE && await this.live.repos.credit.book({
        _id: `wk:${w.campaignId}:${w.week}`, advertiserId: w.advertiserId, campaignId: w.campaignId, kind: 'weekly', amount: WEEKLY_PRICE, views: null, free: 0, day: pragueDay(now), at: new Date(now),
      });
      if (booked) {
        credit.charged += WEEKLY_PRICE;
        credit.balance -= WEEKLY_PRICE;
        totals.spent += WEEKLY_PRICE;
        totals.weeksPaid = [...totals.weeksPaid, w.week];
        this.addTo(daily, w.campaignId, w.advertiserId, pragueDay(now), { spend: WEEKLY_PRICE });
        dirtyCredit.add(w.advertiserId);
        dirtyTotals.add(w.campaignId);
      }
      this.touched(w.campaignId);
    }
  }

  /** First fetch per e-mail and campaign, then the charges for the round's net views. Answers the ids to settle. */
  private async countFetches(round: string, fetches: FetchEvent[], daily: Map<string, DailyIncrement>, dirtyCredit: Set<string>, dirtyTotals: Set<string>): Promise<string[]> {
    const counted = fetches.filter((f) => f.cls !== 'ignored');
    if (counted.length === 0) return [];
    const ids = [...new Set(counted.map((f) => `${f.campaignId}|${f.emailId}`))];
    const unknown = ids.filter((id) => !this.recent.has(id));
    const stored = new Map((await this.live.repos.stats.findImpressions(unknown)).map((r) => [r._id, r]));
    const state = new Map<string, ImpressionState>(ids.map((id) => [id, this.recent.has(id) ? this.recent.get(id)! : stored.has(id) ? { net: stored.get(id)!.net } : null]));
    const inserts = new Map<string, ImpressionRecord>();
    const upgrades: Array<{ id: string; day: string }> = [];
    const views = new Map<string, number>();
    for (const f of counted) {
      const id = `${f.campaignId}|${f.emailId}`;
      const step = countFetch(state.get(id) ?? null, f.cls);
      state.set(id, step.next);
      if (step.fetched === 0 && step.net === 0) continue;
      const day = pragueDay(f.at);
      const campaign = await this.live.campaign(f.campaignId);
      if (!campaign) continue;
      if (step.fetched) {
        inserts.set(id, { _id: id, campaignId: f.campaignId, day, net: step.next!.net, round, fetchedRound: round, viewDay: step.next!.net ? day : null, settled: false, at: new Date(f.at) });
        this.live.holds.fetched(`c:${f.campaignId}`, f.issuedAt, f.at);
        this.live.holds.fetched(`a:${campaign.advertiserId}`, f.issuedAt, f.at);
      } else if (inserts.has(id)) {
        Object.assign(inserts.get(id)!, { net: true, viewDay: day });
      } else {
        upgrades.push({ id, day });
      }
      this.addTo(daily, f.campaignId, campaign.advertiserId, day, { fetched: step.fetched, views: step.net });
      if (step.net) views.set(f.campaignId, (views.get(f.campaignId) ?? 0) + 1);
      this.stats.fetched += step.fetched;
      this.stats.views += step.net;
    }
    await this.live.repos.stats.insertImpressions([...inserts.values()]);
    for (const day of new Set(upgrades.map((u) => u.day))) {
      await this.live.repos.stats.markImpressions(upgrades.filter((u) => u.day === day).map((u) => u.id), { net: true, round, viewDay: day, settled: false });
    }
    for (const [id, s] of state) this.remember(id, s);
    await this.charge(round, views, daily, dirtyCredit, dirtyTotals);
    return [...inserts.keys(), ...upgrades.map((u) => u.id)];
  }

  /** One ledger entry per campaign and round for its net views, within credit and budget. */
  async charge(round: string, views: Map<string, number>, daily: Map<string, DailyIncrement>, dirtyCredit: Set<string>, dirtyTotals: Set<string>): Promise<void> {
    const campaigns = (await Promise.all([...views.keys()].map((id) => this.live.campaign(id)))).filter((c) => c && c.pricing === 'per-view');
    await Promise.all([this.live.creditsOf(campaigns.map((c) => c!.advertiserId)), this.live.totalsOf(campaigns.map((c) => c!._id))]);
    const now = Date.now();
    for (const c of campaigns) {
      const credit = this.live.credits.get(c!.advertiserId)!;
      const totals = this.live.totals.get(c!._id)!;
      const price = pricePerView(credit.deposited);
      const due = chargeViews({ views: views.get(c!._id)!, pricePerView: price, balance: credit.balance, budgetLeft: c!.budget == null ? Infinity : c!.budget - totals.spent });
      const entryId = `chg:${round}:${c!._id}`;
      const booked = await this.live.repos.credit.book({
        _id: entryId, advertiserId: c!.advertiserId, campaignId: c!._id, kind: 'charge', amount: due.amount, views: due.charged, free: due.free, day: pragueDay(now), at: new Date(now),
      });
      if (!booked) {
        // Booked before a crash (recovery): the money is in the ledger already; the day counters still take it (once per round).
        const earlier = await this.live.repos.credit.findEntry(entryId);
        if (earlier) this.addTo(daily, c!._id, c!.advertiserId, earlier.day ?? pragueDay(now), { spend: earlier.amount, free: earlier.free });
        continue;
      }
      credit.charged += due.amount;
      credit.balance -= due.amount;
      totals.spent += due.amount;
      this.addTo(daily, c!._id, c!.advertiserId, pragueDay(now), { spend: due.amount, free: due.free });
      dirtyCredit.add(c!.advertiserId);
      dirtyTotals.add(c!._id);
      this.stats.charged += due.charged;
      this.stats.free += due.free;
      this.touched(c!._id);
    }
  }

  /** First click per e-mail and campaign; answers the ids to settle. */
  private async countClicks(round: string, clicks: ClickEvent[], daily: Map<string, DailyIncrement>): Promise<string[]> {
    if (clicks.length === 0) return [];
    const byId = new Map(clicks.map((c) => [`${c.campaignId}|${c.emailId}`, c]));
    const known = new Set((await this.live.repos.stats.findClicks([...byId.keys()])).map((c) => c._id));
    const fresh = [...byId.entries()].filter(([id]) => !known.has(id));
    await this.live.repos.stats.insertClicks(fresh.map(([_id, c]) => ({ _id, campaignId: c.campaignId, round, day: pragueDay(c.at), settled: false, at: new Date(c.at) })));
    for (const [, c] of fresh) {
      const campaign = await this.live.campaign(c.campaignId);
      if (!campaign) continue;
      this.addTo(daily, c.campaignId, campaign.advertiserId, pragueDay(c.at), { clicks: 1 });
      this.stats.clicks += 1;
    }
    return fresh.map(([id]) => id);
  }

  /** First report per e-mail and campaign of a banner sent; answers the ids to settle. */
  private async countSends(round: string, sends: SendEvent[], daily: Map<string, DailyIncrement>): Promise<string[]> {
    if (sends.length === 0) return [];
    const byId = new Map(sends.map((x) => [`${x.campaignId}|${x.emailId}`, x]));
    const known = new Set((await this.live.repos.stats.findSends([...byId.keys()])).map((x) => x._id));
    const fresh: Array<[string, SendEvent, string]> = [];
    for (const [id, x] of byId) {
      if (known.has(id)) continue;
      const campaign = await this.live.campaign(x.campaignId);
      if (campaign) fresh.push([id, x, campaign.advertiserId]);
    }
    await this.live.repos.stats.insertSends(fresh.map(([_id, x]) => ({ _id, campaignId: x.campaignId, round, day: pragueDay(x.at), settled: false, at: new Date(x.at) })));
    for (const [, x, advertiserId] of fresh) this.addTo(daily, x.campaignId, advertiserId, pragueDay(x.at), { sent: 1 });
    return fresh.map(([id]) => id);
  }

  private async save(dirtyCredit: Set<string>, dirtyTotals: Set<string>): Promise<void> {
    const now = new Date();
    for (const id of dirtyCredit) await this.live.repos.credit.saveAccount({ ...this.live.credits.get(id)!, updatedAt: now });
    await this.live.repos.stats.saveTotals([...dirtyTotals].map((id) => ({ ...this.live.totals.get(id)!, updatedAt: now })));
  }

  private addTo(daily: Map<string, DailyIncrement>, campaignId: string, advertiserId: string, day: string, counts: Omit<DailyIncrement, 'campaignId' | 'advertiserId' | 'day'>): void {
    const key = `${campaignId}|${day}`;
    const inc = daily.get(key) ?? { campaignId, advertiserId, day };
    for (const [k, v] of Object.entries(counts) as Array<[keyof typeof counts, number]>) inc[k] = (inc[k] ?? 0) + v;
    daily.set(key, inc);
  }

  private remember(id: string, s: ImpressionState): void {
    if (this.recent.size >= RECENT_MAX) this.recent.delete(this.recent.keys().next().value!);
    this.recent.delete(id);
    this.recent.set(id, s);
  }
}
