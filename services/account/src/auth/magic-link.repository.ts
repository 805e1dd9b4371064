import { Schema, type Connection, type Model } from 'mongoose';
import { hashToken, newMagicToken } from '../domain/tokens';

export type MagicPurpose = 'register' | 'reset' | 'email-change' | 'watchdog-confirm' | 'member-confirm';

type MagicLinkRecord = {
  _id: string;
  purpose: MagicPurpose;
  /** The user, or the watchdog for `watchdog-confirm`. */
  subjectId: string;
  /** The address the link was sent to (the new one for `email-change`). */
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
};

const schema = new Schema<MagicLinkRecord>(
  {
    _id: String,
    purpose: { type: String, required: true },
    subjectId: { type: String, required: true, index: true },
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

/**
 * One-time links. The token goes into the e-mail; only its SHA-256 is stored (as the id). A link
 * is spent by an atomic update, so two clicks cannot both succeed.
 */
export class MagicLinkRepository {
  private readonly model: Model<MagicLinkRecord>;

  constructor(db: Connection, private readonly ttlMs: number) {
    this.model = (db.models.MagicLink as Model<MagicLinkRecord>) ?? db.model<MagicLinkRecord>('MagicLink', schema, 'magic_links');
  }

  async issue(purpose: MagicPurpose, subjectId: string, email: string, ttlMs = this.ttlMs): Promise<string> {
    const token = newMagicToken();
    const now = Date.now();
    await this.model.create({ _id: hashToken(token), purpose, subjectId, email, expiresAt: new Date(now + ttlMs), usedAt: null, createdAt: new Date(now) });
    return token;
  }

  /** Marks the link used and answers what it was for; null when unknown, used, expired or of another purpose. */
  async consume(token: string, purpose: MagicPurpose): Promise<{ subjectId: string; email: string } | null> {
    if (!token || token.length > 200) return null;
    const now = new Date();
    const record = await this.model
      .findOneAndUpdate({ _id: hashToken(token), purpose, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }, { new: true })
      .lean<MagicLinkRecord>()
      .exec();
    return record ? { subjectId: record.subjectId, email: record.email } : null;
  }

  /** Checks a link without spending it. */
  async peek(token: string, purpose: MagicPurpose): Promise<{ subjectId: string; email: string } | null> {
    if (!token || token.length > 200) return null;
    const record = await this.model.findOne({ _id: hashToken(token), purpose, usedAt: null, expiresAt: { $gt: new Date() } }).lean<MagicLinkRecord>().exec();
    return record ? { subjectId: record.subjectId, email: record.email } : null;
  }

  async deleteForSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ subjectId });
  }
}
