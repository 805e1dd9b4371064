import { Schema, type Connection, type Model } from 'mongoose';
import type { AlertKind } from './crawl-alert.model';

/** What operators see per portal; written by whichever instance crawled it last. */
export type PortalHealthDoc = {
  crawledBy: string | null;
  firstCrawlAt: Date | null;
  lastCrawlAt: Date | null;
  lastSuccessAt: Date | null;
  /** Last crawl that saw listings and did not fail to parse all it fetched. */
  lastProductiveAt: Date | null;
  lastMode: string | null;
  listingsSeen: number;
  listingsKnown: number;
  emittedTotal: number;
  withdrawnTotal: number;
  parseFailuresTotal: number;
  lastParseFailures: number;
  fetchErrors: number;
  consecutiveFailures: number;
  lastError: string | null;
  circuit: string;
  alert: { since: Date; reason: string; kind?: AlertKind } | null;
};

/**
 * One per portal: the tick chain (which tick was served, when the next is due, who holds the
 * crawl lease) and the portal's health. `stateVersion` moves whenever listing states change, so
 * an instance knows when its in-memory copy is stale.
 */
export type PortalStateDoc = {
  _id: string;
  servedTick: Date | null;
  nextTickAt: Date | null;
  leaseHolder: string | null;
  leaseUntil: Date | null;
  stateVersion: number;
  lastFullWalkAt: Date | null;
  /** Paused by an administrator: ticks go on (so resuming needs no seed) but nothing is fetched. */
  paused: { at: Date; by: string } | null;
  health: PortalHealthDoc;
};

const schema = new Schema<PortalStateDoc>(
  {
    _id: String,
    servedTick: Date,
    nextTickAt: Date,
    leaseHolder: String,
    leaseUntil: Date,
    stateVersion: Number,
    lastFullWalkAt: Date,
    paused: { type: Schema.Types.Mixed, default: null },
    health: Schema.Types.Mixed,
  },
  { versionKey: false, minimize: false },
);

export const portalStateModel = (connection: Connection): Model<PortalStateDoc> =>
  connection.models.PortalState ?? connection.model<PortalStateDoc>('PortalState', schema, 'portal_states');

export const emptyHealth = (): PortalHealthDoc => ({
  crawledBy: null,
  firstCrawlAt: null,
  lastCrawlAt: null,
  lastSuccessAt: null,
  lastProductiveAt: null,
  lastMode: null,
  listingsSeen: 0,
  listingsKnown: 0,
  emittedTotal: 0,
  withdrawnTotal: 0,
  parseFailuresTotal: 0,
  lastParseFailures: 0,
  fetchErrors: 0,
  consecutiveFailures: 0,
  lastError: null,
  circuit: 'closed',
  alert: null,
});
