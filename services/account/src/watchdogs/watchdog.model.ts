import { Schema, type Connection, type Model } from 'mongoose';
import type { DeliveryMode, DeliverySchedule, FilterView, Locale, RecordStatus, WatchdogCriteria, WatchdogMember } from '@rr/proto';

export type DisabledReason = NonNullable<FilterView['disabledReason']>;

export type WatchdogRecord = {
  _id: string;
  userId: string | null;
  /** Lower case; the owner of anonymous watchdogs and the address alerts go to. */
  email: string;
  locale: Locale;
  ownerRole: number;
  /** The owner's `marketing` consent, carried for the banner decision (see proto's Watchdog). */
  adsConsent: boolean;
  name: string | null;
  criteria: WatchdogCriteria;
  status: RecordStatus;
  disabledReason: DisabledReason | null;
  /** The owner chose to keep it on when their limit falls (a downgrade): it wins over newer ones. */
  kept: boolean;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
  lastEmailAt: Date | null;
  sentCount: number;
  /** Set when publishing the change failed; the sweeper publishes it again. */
  unpublished: boolean;
  /** The owner's choice for this watchdog: at once or in their digest (missing = at once). */
  deliveryMode?: DeliveryMode;
  /** The owner's schedule, carried (like `adsConsent`) so the published state is whole; null for anonymous owners. */
  schedule?: DeliverySchedule | null;
  /** Confirmed invitees, carried on the published state (the truth is `watchdog_members`). */
  members?: WatchdogMember[];
};

const schema = new Schema<WatchdogRecord>(
  {
    _id: String,
    userId: { type: String, default: null, index: true },
    email: { type: String, required: true, index: true },
    locale: { type: String, default: 'cs' },
    ownerRole: { type: Number, default: 0 },
    adsConsent: { type: Boolean, default: false },
    name: { type: String, default: null },
    criteria: { type: Schema.Types.Mixed, required: true },
    status: { type: String, required: true, index: true },
    disabledReason: { type: String, default: null },
    kept: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, default: null },
    lastEmailAt: { type: Date, default: null },
    sentCount: { type: Number, default: 0 },
    unpublished: { type: Boolean, default: false },
    deliveryMode: { type: String, default: 'instant' },
    schedule: { type: Schema.Types.Mixed, default: null },
    members: { type: Schema.Types.Mixed, default: undefined },
  },
  { versionKey: false, minimize: false },
);
// The expiry sweeper reads active watchdogs past their expiry, oldest expiry first, in pages.
schema.index({ status: 1, expiresAt: 1 });
// Changes whose publishing failed: few, found without reading the rest.
schema.index({ unpublished: 1 });

export const watchdogModel = (db: Connection): Model<WatchdogRecord> =>
  (db.models.Watchdog as Model<WatchdogRecord>) ?? db.model<WatchdogRecord>('Watchdog', schema, 'watchdogs');
