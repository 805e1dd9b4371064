import { Schema, type Connection, type Model } from 'mongoose';
import type { DeliveryMode, Locale, MemberStatus } from '@rr/proto';

/**
 * One invitee of one shared watchdog: `_id` = `<watchdog id>|<e-mail>`, so an address is invited
 * once per watchdog whatever the races. `invited` until the invitee opens the link (double opt-in),
 * then `active`; leaving or being removed deletes the record.
 */
export type MemberRecord = {
  _id: string;
  watchdogId: string;
  ownerId: string;
  /** Lower case. */
  email: string;
  locale: Locale;
  status: MemberStatus;
  /** The invitee's choice: at once or in their digest. */
  deliveryMode: DeliveryMode;
  invitedAt: Date;
  confirmedAt: Date | null;
};

const schema = new Schema<MemberRecord>(
  {
    _id: String, watchdogId: { type: String, required: true }, ownerId: String, email: { type: String, required: true }, locale: String,
    status: { type: String, required: true }, deliveryMode: { type: String, default: 'instant' }, invitedAt: Date, confirmedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
// The owner's list of a watchdog's invitees, and the active ones carried on its state.
schema.index({ watchdogId: 1, status: 1 });
// The watchdogs shared with a person (their page, a change of their schedule, erasure).
schema.index({ email: 1, status: 1 });

export const memberIdOf = (watchdogId: string, email: string) => `${watchdogId}|${email.toLowerCase()}`;

export const memberModel = (db: Connection): Model<MemberRecord> =>
  (db.models.WatchdogMember as Model<MemberRecord>) ?? db.model<MemberRecord>('WatchdogMember', schema, 'watchdog_members');
