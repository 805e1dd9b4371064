import { Schema, type Connection, type Model } from 'mongoose';
import type { BillingInfo, BillingPeriod, Locale, PaymentMethod, PlanTier, SubscriptionStatus } from '@rr/proto';

/**
 * A user's subscription as a chain of revisions, one document each (`<userId>:<revision>`): a change
 * is the insert of the next revision, and the unique `_id` makes that insert the claim — two
 * concurrent changes cannot both write revision n+1 (the database has no transactions, and FerretDB's
 * conditional updates are not atomic). The latest revision is the subscription; older ones are history.
 */
export type SubscriptionRecord = {
  _id: string;
  userId: string;
  email: string;
  locale: Locale;
  tier: PlanTier;
  period: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  nextTier: PlanTier | null;
  method: PaymentMethod;
  /** GoPay payment whose saved card renewals charge; null for bank transfer. */
  recurrenceParentId: string | null;
  billing: BillingInfo;
  /** The 14-day withdrawal right's end; null when waived (§1837 l) OZ) or used. */
  withdrawableUntil: Date | null;
  /** Payments the subscription took (idempotency of settlement), the latest few. */
  paymentIds: string[];
  renewal: { attempts: number; nextAttemptAt: Date | null; paymentId: string | null };
  revision: number;
  /** False once a later revision exists (set after that insert; readers also compare revisions). */
  current: boolean;
  /** This revision is not yet published as `subscription.changed` (billing or Kafka was down). */
  unpublished: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const schema = new Schema<SubscriptionRecord>({
  _id: String, userId: String, email: String, locale: String, tier: String, period: String, status: String,
  currentPeriodStart: Date, currentPeriodEnd: Date, cancelAtPeriodEnd: Boolean, nextTier: { type: String, default: null },
  method: String, recurrenceParentId: { type: String, default: null }, billing: Schema.Types.Mixed,
  withdrawableUntil: { type: Date, default: null }, paymentIds: [String],
  renewal: { attempts: Number, nextAttemptAt: Date, paymentId: String },
  revision: Number, current: Boolean, unpublished: Boolean, createdAt: Date, updatedAt: Date,
}, { versionKey: false });

// A user's latest revision.
schema.index({ userId: 1, revision: -1 });
// The renewal job: subscriptions whose next attempt is due.
schema.index({ current: 1, 'renewal.nextAttemptAt': 1 });
// Ends of periods (expiry of cancelled or unpaid subscriptions).
schema.index({ current: 1, status: 1, currentPeriodEnd: 1 });
// Changes not yet published (billing or Kafka was down).
schema.index({ unpublished: 1 });

export const subscriptionModel = (db: Connection): Model<SubscriptionRecord> =>
  (db.models.Subscription as Model<SubscriptionRecord>) ?? db.model<SubscriptionRecord>('Subscription', schema, 'subscriptions');
