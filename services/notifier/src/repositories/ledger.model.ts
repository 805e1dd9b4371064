import { Schema, type Connection, type Model } from 'mongoose';
import type { HeldFor, Locale, MapAreaSize, MatchFoundV1, Offer } from '@rr/proto';

/**
 * One alert per recipient and property (the `_id`, see `ledgerKeyOf`). Its life:
 * pending (waits for `dueAt`) → claimed (a sender is on it, `batchId`) → sent (the provider took
 * it) | failed (refused for good) | dead (gave up after repeated transient failures). A pending
 * entry whose offer is withdrawn before it goes out is `withdrawn` (never sent as a live offer;
 * opened again by a match of the offer back on the market, docs/decisions.md "Alert kinds"). A
 * pending entry none of whose watchdogs still asks for it (deleted, or the invitee left) is
 * `dropped` (opened again by a match from another of the person's watchdogs).
 */
export type LedgerStatus = 'pending' | 'claimed' | 'sent' | 'failed' | 'dead' | 'withdrawn' | 'dropped';

/** What an alert e-mail takes from the watchdog the alert belongs to, as its match said. */
export type OwnerFacts = Pick<LedgerEntry, 'member' | 'withAds' | 'radarPrice' | 'maxOffers' | 'mapArea'>;
export type WatchdogFacts = OwnerFacts & { watchdogId: string };

export type LedgerEntry = {
  _id: string;
  email: string;
  locale: Locale;
  userId: string | null;
  watchdogId: string;
  offerId: string;
  reason: MatchFoundV1['reason'];
  offer: Offer;
  withAds: boolean;
  /** Offers one e-mail to this person may list (their tier's); missing on older entries. */
  maxOffers?: number | null;
  /** Show RadarPrice beside the offer (a paying owner); missing on older entries. */
  radarPrice?: boolean;
  fetchedAt: string;
  /** Of the `match.found` that made the entry: its correlation id and W3C trace headers, so the e-mail continues the offer's trace. */
  correlationId?: string | null;
  trace?: Record<string, string> | null;
  status: LedgerStatus;
  dueAt: Date;
  attempts: number;
  batchId: string | null;
  claimedAt: Date | null;
  /**
   * How many claims were made on the entry: the generation the next claim takes (see
   * `alertClaimModel`). Missing on entries written before generations existed.
   */
  claims?: number;
  sentAt: Date | null;
  /** Whether `alert.sent` went out for this entry's e-mail. */
  reported: boolean;
  provider: string | null;
  messageId: string | null;
  /** Why the entry waits past its window: the recipient's digest, or their quiet hours (docs/decisions.md, "Delivery"). */
  heldFor?: HeldFor | null;
  /**
   * Every watchdog of the person that matched the property (the entry is one alert whichever
   * found it; `watchdogId` is the one whose delivery planned it). Missing on older entries: then
   * `[watchdogId]`.
   */
  watchdogIds?: string[];
  /**
   * What the alert takes from each of `watchdogIds` when it belongs to that one (the person's
   * role in it, banner, RadarPrice, cap, area): an entry handed to another watchdog takes that
   * watchdog's. Missing on older entries (then the entry keeps its own).
   */
  watchdogFacts?: WatchdogFacts[];
  /** Status `dropped`: the watchdogs whose end dropped it (their own late matches do not open it again). */
  droppedWatchdogIds?: string[] | null;
  /** `deliveryKeyOf` the delivery the entry was planned under (held alerts are re-planned when it changes). */
  deliveryKey?: string | null;
  /** The watchdog's `updatedAt` in the state that delivery came from (an older state re-plans nothing). */
  deliveryAsOf?: string | null;
  /** Status `withdrawn`: the withdrawal of the offer that stopped it. */
  withdrawnAt?: string | null;
  /** The recipient is an invitee of the shared watchdog: the e-mail offers to leave it, not to edit it. */
  member?: boolean;
  /** The watchdog's area drawn on a map (polygons, km²), which the e-mail names; missing without one. */
  mapArea?: MapAreaSize | null;
  /** The campaign whose banner the e-mail carried (reported on alert.sent). */
  adCampaignId?: string | null;
  failure: string | null;
  createdAt: Date;
};

const schema = new Schema<LedgerEntry>(
  {
    _id: String, email: String, locale: String, userId: String, watchdogId: String, watchdogIds: [String], watchdogFacts: Schema.Types.Mixed, droppedWatchdogIds: [String], offerId: String, reason: String,
    offer: Schema.Types.Mixed, withAds: Boolean, maxOffers: Number, radarPrice: Boolean, heldFor: String, deliveryKey: String, deliveryAsOf: String, withdrawnAt: String, member: Boolean, mapArea: Schema.Types.Mixed, fetchedAt: String, correlationId: String, trace: Schema.Types.Mixed,
    status: String, dueAt: Date, attempts: Number, batchId: String, claimedAt: Date, claims: Number, sentAt: Date, reported: Boolean,
    provider: String, messageId: String, adCampaignId: String, failure: String, createdAt: Date,
  },
  { versionKey: false, minimize: false },
);
// The hot path reads by `_id`; recovery at start and the rare rescan read the open entries (waiting,
// claimed, or sent but not reported) through this index, so they cost the backlog, not the history.
schema.index({ status: 1, reported: 1 });
// Entries held for a digest or the end of quiet hours stay out of memory until they come due: the
// due scan reads the pending ones by due time, in pages by (dueAt, _id) — every 8:00 digest shares one dueAt.
schema.index({ status: 1, dueAt: 1, _id: 1 });
// A change of a watchdog's delivery re-plans its held entries: read by watchdog (`$in` per batch of changes).
schema.index({ watchdogId: 1, status: 1 });
// By offer: the open entries a withdrawal stops, and who was told about an offer (any kind) for its notice.
schema.index({ offerId: 1, email: 1 });

export const ledgerModel = (connection: Connection): Model<LedgerEntry> =>
  connection.models.AlertLedger ?? connection.model<LedgerEntry>('AlertLedger', schema, 'alert_ledger');

/** Per recipient: when the last alert e-mail started, and whether mail to them bounces. */
export type RecipientState = { _id: string; lastEmailAt: Date | null; blocked: boolean; blockedReason: string | null };

const recipientSchema = new Schema<RecipientState>({ _id: String, lastEmailAt: Date, blocked: Boolean, blockedReason: String }, { versionKey: false });

export const recipientModel = (connection: Connection): Model<RecipientState> =>
  connection.models.AlertRecipient ?? connection.model<RecipientState>('AlertRecipient', recipientSchema, 'alert_recipients');

/**
 * One claim of one ledger entry: `_id` = `<ledger key>#<generation>`. FerretDB (SQLite) does not
 * apply a filtered update atomically (two concurrent `updateOne({_id, status: 'pending'})` can both
 * succeed), but a unique `_id` holds under any concurrency. So a sender owns generation n of an
 * entry only if it inserted this document; whoever did not, did not claim it.
 */
export type AlertClaim = { _id: string; batchId: string; at: Date };

const claimSchema = new Schema<AlertClaim>({ _id: String, batchId: String, at: Date }, { versionKey: false });
// Old claims are deleted by age.
claimSchema.index({ at: 1 });

export const alertClaimModel = (connection: Connection): Model<AlertClaim> =>
  connection.models.AlertClaim ?? connection.model<AlertClaim>('AlertClaim', claimSchema, 'alert_claims');

export const claimIdOf = (key: string, generation: number) => `${key}#${generation}`;

/**
 * The last withdrawal of an offer the notifier handled: a match fetched before it that arrives
 * only afterwards (the matcher lags) is recorded withdrawn, not sent as a live offer. Kept a
 * bounded time (`at`, swept like claims): a match older than that is not in flight any more.
 */
export type OfferWithdrawal = { _id: string; withdrawnAt: Date; at: Date };

const withdrawalSchema = new Schema<OfferWithdrawal>({ _id: String, withdrawnAt: Date, at: Date }, { versionKey: false });
// Read by `_id` on the match path; old records are deleted by age.
withdrawalSchema.index({ at: 1 });

/**
 * An entry that another watchdog of the person also matched (its `watchdogIds` besides its own
 * `watchdogId`): a change of that watchdog finds the entry here, by index. The ledger's
 * `watchdogIds` is an array, and the embedded database answers no filter on an array field from
 * an index. Kept a bounded time (`at`): entries wait at most a week for their digest.
 */
export type WatchdogLink = { _id: string; watchdogId: string; key: string; at: Date };

const linkSchema = new Schema<WatchdogLink>({ _id: String, watchdogId: String, key: String, at: Date }, { versionKey: false });
linkSchema.index({ watchdogId: 1 });
linkSchema.index({ at: 1 });

export const watchdogLinkModel = (connection: Connection): Model<WatchdogLink> =>
  connection.models.WatchdogLink ?? connection.model<WatchdogLink>('WatchdogLink', linkSchema, 'alert_watchdog_links');

export const offerWithdrawalModel = (connection: Connection): Model<OfferWithdrawal> =>
  connection.models.OfferWithdrawal ?? connection.model<OfferWithdrawal>('OfferWithdrawal', withdrawalSchema, 'alert_withdrawn_offers');
