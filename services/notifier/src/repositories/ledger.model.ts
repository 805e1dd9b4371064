import { Schema, type Connection, type Model } from 'mongoose';
import type { Locale, MatchFoundV1, Offer } from '@rr/proto';

/**
 * One alert per recipient and property (the `_id`, see `ledgerKeyOf`). Its life:
 * pending (waits for `dueAt`) → claimed (a sender is on it, `batchId`) → sent (the provider took
 * it) | failed (refused for good) | dead (gave up after repeated transient failures).
 */
export type LedgerStatus = 'pending' | 'claimed' | 'sent' | 'failed' | 'dead';

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
  fetchedAt: string;
  status: LedgerStatus;
  dueAt: Date;
  attempts: number;
  batchId: string | null;
  claimedAt: Date | null;
  sentAt: Date | null;
  /** Whether `alert.sent` went out for this entry's e-mail. */
  reported: boolean;
  provider: string | null;
  messageId: string | null;
  failure: string | null;
  createdAt: Date;
};

const schema = new Schema<LedgerEntry>(
  {
    _id: String, email: String, locale: String, userId: String, watchdogId: String, offerId: String, reason: String,
    offer: Schema.Types.Mixed, withAds: Boolean, fetchedAt: String,
    status: String, dueAt: Date, attempts: Number, batchId: String, claimedAt: Date, sentAt: Date, reported: Boolean,
    provider: String, messageId: String, failure: String, createdAt: Date,
  },
  { versionKey: false, minimize: false },
);
// No secondary indexes: FerretDB (SQLite) uses none of them (it pushes down only `_id` equality), and
// the notifier reads the ledger by `_id` alone, plus one full scan at start and a rare rescan.

export const ledgerModel = (connection: Connection): Model<LedgerEntry> =>
  connection.models.AlertLedger ?? connection.model<LedgerEntry>('AlertLedger', schema, 'alert_ledger');

/** Per recipient: when the last alert e-mail started, and whether mail to them bounces. */
export type RecipientState = { _id: string; lastEmailAt: Date | null; blocked: boolean; blockedReason: string | null };

const recipientSchema = new Schema<RecipientState>({ _id: String, lastEmailAt: Date, blocked: Boolean, blockedReason: String }, { versionKey: false });

export const recipientModel = (connection: Connection): Model<RecipientState> =>
  connection.models.AlertRecipient ?? connection.model<RecipientState>('AlertRecipient', recipientSchema, 'alert_recipients');
