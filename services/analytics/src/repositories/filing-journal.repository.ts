import { Schema, type Connection, type Model } from 'mongoose';
import type { FilingJournal, FilingPlan } from '../handlers/on-offer-event.handler';
import type { BatchMark } from './bucket-filing';

/**
 * The plan of the batch a source (a topic partition) is filing, kept from before its first write
 * until its last: `_id` = the source, so at most one a partition. The plan is one JSON string (a
 * batch's fact changes, ~100 KB at 200 events): the database stores and returns it whole.
 */
type FilingPlanDoc = { _id: string; token: string; plan: string; keptAt: Date };
type StoredPlan = { changes: FilingPlan['changes']; kept: Array<[string, number]>; used: string[] };

const schema = new Schema<FilingPlanDoc>({ _id: String, token: String, plan: String, keptAt: Date }, { versionKey: false, collection: 'filing_plans' });

export class FilingJournalRepository implements FilingJournal {
  private readonly model: Model<FilingPlanDoc>;

  constructor(connection: Connection) {
    this.model = (connection.models.FilingPlan as Model<FilingPlanDoc>) ?? connection.model<FilingPlanDoc>('FilingPlan', schema);
  }

  async keep(mark: BatchMark, plan: FilingPlan): Promise<void> {
    const stored: StoredPlan = { changes: plan.changes, kept: [...plan.withdrawalsKept], used: plan.withdrawalsUsed };
    await this.model.replaceOne({ _id: mark.source }, { token: mark.token, plan: JSON.stringify(stored), keptAt: new Date() }, { upsert: true });
  }

  async left(source: string): Promise<{ token: string; plan: FilingPlan } | null> {
    const doc = await this.model.findById(source).lean<FilingPlanDoc>();
    if (!doc) return null;
    const stored = JSON.parse(doc.plan) as StoredPlan;
    return { token: doc.token, plan: { changes: stored.changes, withdrawalsKept: new Map(stored.kept), withdrawalsUsed: stored.used } };
  }

  /** Only the batch's own plan goes (by its token). */
  async done(mark: BatchMark): Promise<void> {
    await this.model.deleteOne({ _id: mark.source, token: mark.token });
  }
}
