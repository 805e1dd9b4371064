import { Schema, type Connection, type Model } from 'mongoose';
import { PRAGUE_TIME_ZONE, type EmailPreference, type QuietHours, type Locale, type TelephoneSource, type UserState } from '@rr/proto';

export type BillingInfo = { company?: string | null; ico?: string | null; dic?: string | null; street?: string | null; city?: string | null; zip?: string | null };

export type UserRecord = {
  _id: string;
  email: string;
  passwordHash: string | null;
  name: string | null;
  surname: string | null;
  telephone: string | null;
  telephoneSource: TelephoneSource | null;
  timezone: string;
  locale: Locale;
  role: number;
  roleExpiresAt: Date | null;
  state: UserState;
  emailPreferences: EmailPreference[];
  billing: BillingInfo | null;
  blockedReason: string | null;
  /** Digest times and quiet hours (in `timezone`); null = the defaults (8:00, 18:00, none). docs/decisions.md, "Delivery". */
  deliverySchedule?: { digestTimes: string[]; quietHours: QuietHours | null } | null;
  /** Revision of the last `subscription.changed` applied (older ones arriving late are ignored). */
  subscriptionRevision?: number;
  /** Search keys (admin search by name prefix): lower case, no diacritics; see domain/user-search. */
  nameKey: string | null;
  surnameKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
};

const schema = new Schema<UserRecord>(
  {
    _id: String,
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, default: null },
    name: { type: String, default: null },
    surname: { type: String, default: null },
    telephone: { type: String, default: null, index: true },
    telephoneSource: { type: String, default: null },
    timezone: { type: String, default: PRAGUE_TIME_ZONE },
    locale: { type: String, default: 'cs' },
    role: { type: Number, default: 1 },
    roleExpiresAt: { type: Date, default: null },
    state: { type: String, default: 'New' },
    emailPreferences: { type: [String], default: ['notifications'] },
    billing: { type: Schema.Types.Mixed, default: null },
    blockedReason: { type: String, default: null },
    deliverySchedule: { type: Schema.Types.Mixed, default: null },
    subscriptionRevision: { type: Number, default: 0 },
    nameKey: { type: String, default: null, index: true },
    surnameKey: { type: String, default: null, index: true },
    createdAt: { type: Date, default: () => new Date() },
    updatedAt: { type: Date, default: () => new Date() },
    lastLoginAt: { type: Date, default: null },
  },
  { versionKey: false },
);

// Paid roles that end: the sweeper reads those past their expiry.
schema.index({ roleExpiresAt: 1 });

export const userModel = (db: Connection): Model<UserRecord> => (db.models.User as Model<UserRecord>) ?? db.model<UserRecord>('User', schema, 'users');
