import type { Connection, Model } from 'mongoose';
import type { Portal } from '@rr/proto';
import { emptyHealth, portalStateModel, type PortalHealthDoc, type PortalStateDoc } from './portal-state.model';

export type FinishedCrawl = { holder: string; nextTickAt: Date; health: PortalHealthDoc; fullWalkAt?: Date };

/**
 * The per-portal tick chain. Every state change is one conditional update, so two instances that
 * race for the same tick or the same seed cannot both win.
 */
export class PortalStateRepository {
  private readonly model: Model<PortalStateDoc>;

  constructor(connection: Connection) {
    this.model = portalStateModel(connection);
  }

  async ensure(portals: readonly Portal[]): Promise<void> {
    await this.model.bulkWrite(
      portals.map((portal) => ({
        updateOne: {
          filter: { _id: portal },
          update: { $setOnInsert: { servedTick: null, nextTickAt: null, leaseHolder: null, leaseUntil: null, stateVersion: 0, lastFullWalkAt: null, health: emptyHealth() } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async all(): Promise<PortalStateDoc[]> {
    return this.model.find({}).lean();
  }

  /**
   * Takes tick `requestedAt` for `holder`: only if no later or equal tick was served and no one
   * else holds a live lease. Returns the portal state, or null when someone else has it.
   */
  async claimTick(portal: Portal, requestedAt: Date, holder: string, leaseUntil: Date, now = new Date()): Promise<PortalStateDoc | null> {
    return this.model
      .findOneAndUpdate(
        {
          _id: portal,
          $and: [
            { $or: [{ servedTick: null }, { servedTick: { $lt: requestedAt } }] },
            { $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }, { leaseHolder: holder }] },
          ],
        },
        { $set: { servedTick: requestedAt, leaseHolder: holder, leaseUntil } },
        { new: true },
      )
      .lean();
  }

  async renewLease(portal: Portal, holder: string, leaseUntil: Date): Promise<boolean> {
    const result = await this.model.updateOne({ _id: portal, leaseHolder: holder }, { $set: { leaseUntil } });
    return result.modifiedCount === 1 || result.matchedCount === 1;
  }

  /** Listing states changed: the new version tells other instances their copy is stale. */
  async bumpVersion(portal: Portal): Promise<number> {
    const doc = await this.model.findOneAndUpdate({ _id: portal }, { $inc: { stateVersion: 1 } }, { new: true }).lean();
    return doc?.stateVersion ?? 0;
  }

  async finish(portal: Portal, crawl: FinishedCrawl): Promise<void> {
    await this.model.updateOne(
      { _id: portal, leaseHolder: crawl.holder },
      {
        $set: {
          nextTickAt: crawl.nextTickAt,
          leaseHolder: null,
          leaseUntil: null,
          health: crawl.health,
          ...(crawl.fullWalkAt ? { lastFullWalkAt: crawl.fullWalkAt } : {}),
        },
      },
    );
  }

  /** Hands a portal on without crawling it (shutdown): the next tick is due now. */
  async release(portal: Portal, holder: string, nextTickAt: Date): Promise<void> {
    await this.model.updateOne({ _id: portal, leaseHolder: holder }, { $set: { leaseHolder: null, leaseUntil: null, nextTickAt } });
  }

  /** Records a seed only if nobody seeded or ticked since `seen`; true when this caller won. */
  async markSeeded(portal: Portal, seen: Date | null, nextTickAt: Date): Promise<boolean> {
    const result = await this.model.updateOne({ _id: portal, nextTickAt: seen }, { $set: { nextTickAt } });
    return result.modifiedCount === 1;
  }

  /**
   * Pauses or resumes a portal; returns the state before, or null for an unknown portal. The
   * flag lives in the portal's document, so it holds across restarts and for every instance.
   * A resume also restarts the clock of the layout-change alert.
   */
  async setPaused(portal: Portal, paused: { at: Date; by: string } | null): Promise<PortalStateDoc | null> {
    // Nothing was expected of a paused portal: its "no listings for so long" alert counts from the resume.
    const resumed = paused ? {} : { 'health.lastProductiveAt': new Date() };
    return this.model.findOneAndUpdate({ _id: portal }, { $set: { paused, ...resumed } }, { new: false }).lean();
  }

  /** A paused portal's tick: handed on without a crawl, health as it was. */
  async skipPaused(portal: Portal, holder: string, nextTickAt: Date): Promise<void> {
    await this.model.updateOne({ _id: portal, leaseHolder: holder }, { $set: { nextTickAt, leaseHolder: null, leaseUntil: null } });
  }

  async setNextTick(portal: Portal, nextTickAt: Date): Promise<void> {
    await this.model.updateOne({ _id: portal }, { $set: { nextTickAt } });
  }
}
