import type { Connection, Model } from 'mongoose';
import type { Portal } from '@rr/proto';
import type { KnownListing, ListingChange, ParseFailure } from '../crawl/crawl-portal';
import { listingStateModel, type ListingStateDoc } from './listing-state.model';
import { parseFailureModel, type ParseFailureDoc } from './parse-failure.model';

export class ListingStateRepository {
  private readonly listings: Model<ListingStateDoc>;
  private readonly failures: Model<ParseFailureDoc>;

  constructor(connection: Connection) {
    this.listings = listingStateModel(connection);
    this.failures = parseFailureModel(connection);
  }

  /** Every listing of the portal that is not withdrawn, streamed so large portals stay cheap. */
  async loadKnown(portal: Portal): Promise<Map<string, KnownListing>> {
    const known = new Map<string, KnownListing>();
    const cursor = this.listings
      .find({ portal, status: { $in: ['active', 'failed'] } }, { listingId: 1, url: 1, fingerprint: 1, status: 1 })
      .lean()
      .cursor({ batchSize: 2_000 });
    for await (const doc of cursor) known.set(doc.listingId, { url: doc.url, fingerprint: doc.fingerprint, status: doc.status });
    return known;
  }

  async save(portal: Portal, changes: ListingChange[], now = new Date()): Promise<void> {
    if (changes.length === 0) return;
    await this.listings.bulkWrite(
      changes.map((c) => ({
        updateOne: {
          filter: { _id: `${portal}:${c.listingId}` },
          update: {
            $set: { portal, listingId: c.listingId, url: c.url, fingerprint: c.fingerprint, status: c.status, updatedAt: now },
            $setOnInsert: { firstSeenAt: now },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async saveFailures(failures: ParseFailure[]): Promise<void> {
    if (failures.length > 0) await this.failures.insertMany(failures, { ordered: false });
  }

  async recentFailures(portal: Portal, limit = 20): Promise<ParseFailure[]> {
    const docs = await this.failures.find({ portal }, { _id: 0 }).sort({ at: -1 }).limit(limit).lean();
    return docs.map((d) => ({ portal: d.portal as Portal, url: d.url, reason: d.reason, at: d.at }));
  }
}
