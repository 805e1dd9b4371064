import { randomBytes } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';

export type AuditAction =
  | 'user.role-changed' | 'user.blocked' | 'user.unblocked' | 'user.deleted'
  | 'contact.answered' | 'contact.state-changed'
  // Recorded by other services through `admin-action.recorded` (crawler, ops).
  | 'crawler.paused' | 'crawler.resumed'
  | 'dead-letter.replayed' | 'dead-letter.discarded' | 'dead-letter.replay-all' | 'dead-letter.discard-all';

export type AuditRecord = {
  /** Time-ordered (`a_` + zero-padded ms in base 36 + random), so the log pages by `_id`. */
  _id: string;
  at: Date;
  adminId: string;
  adminEmail: string;
  action: AuditAction;
  targetType: 'user' | 'contact' | 'portal' | 'dead-letter' | 'dead-letter-topic';
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const schema = new Schema<AuditRecord>(
  {
    _id: String, at: Date, adminId: String, adminEmail: String, action: String,
    targetType: String, targetId: String,
    before: { type: Schema.Types.Mixed, default: null }, after: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
schema.index({ targetId: 1, at: -1 });

export const auditId = (at: Date) => `a_${at.getTime().toString(36).padStart(9, '0')}${randomBytes(4).toString('hex')}`;

/** Every admin action: who, what, when, before and after. Append-only. */
export class AuditRepository {
  private readonly model: Model<AuditRecord>;

  constructor(db: Connection) {
    this.model = (db.models.AdminAudit as Model<AuditRecord>) ?? db.model<AuditRecord>('AdminAudit', schema, 'admin_audit');
  }

  async record(entry: Omit<AuditRecord, '_id' | 'at'>): Promise<void> {
    const at = new Date();
    await this.model.create({ _id: auditId(at), at, ...entry });
  }

  /**
   * An action another service reports. The id is the time-ordered id of the event's time with
   * the event id's first hex digits, so a redelivered event hits the same `_id` and is dropped.
   */
  async recordReported(eventId: string, at: Date, entry: Omit<AuditRecord, '_id' | 'at'>): Promise<'processed' | 'skipped'> {
    const _id = `a_${at.getTime().toString(36).padStart(9, '0')}${eventId.replace(/[^0-9a-f]/gi, '').slice(0, 8).toLowerCase()}`;
    try {
      await this.model.create({ _id, at, ...entry });
      return 'processed';
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return 'skipped';
      throw err;
    }
  }

  /** Newest first; `before` is the last `_id` shown. */
  list(before: string | null, limit: number): Promise<AuditRecord[]> {
    return this.model.find(before ? { _id: { $lt: before } } : {}).sort({ _id: -1 }).limit(limit).lean<AuditRecord[]>().exec();
  }

  forTarget(targetId: string, limit: number): Promise<AuditRecord[]> {
    return this.model.find({ targetId }).sort({ at: -1 }).limit(limit).lean<AuditRecord[]>().exec();
  }
}
