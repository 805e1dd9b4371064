import type { Connection, Model } from 'mongoose';
import { listingModel, type ListingDoc, type ListingRecord } from './listing.model';

export class ListingRepository {
  private readonly model: Model<ListingDoc>;

  constructor(connection: Connection) {
    this.model = listingModel(connection);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async findByKeys(keys: string[]): Promise<ListingRecord[]> {
    if (keys.length === 0) return [];
    const docs = await this.model.find({ _id: { $in: keys } }).lean<ListingDoc[]>();
    return docs.map(({ _id, ...rest }) => ({ key: _id, ...rest }));
  }

  /** Every stored listing, a page at a time (loading the state cache at start). */
  async *all(pageSize = 2000): AsyncGenerator<ListingRecord[]> {
    let after = '';
    for (;;) {
      const docs = await this.model.find({ _id: { $gt: after } }).sort({ _id: 1 }).limit(pageSize).lean<ListingDoc[]>();
      if (docs.length === 0) return;
      yield docs.map(({ _id, ...rest }) => ({ key: _id, ...rest }));
      after = docs[docs.length - 1]._id;
    }
  }

  async countFlagged(flag: string): Promise<number> {
    return this.model.countDocuments({ flags: flag });
  }
}
