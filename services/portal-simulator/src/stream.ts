import { z } from 'zod';
import { Portal, type AdType, type RealEstateType } from '@rr/proto';
import { createRng, type Rng } from './generator/rng';

export const StreamRequest = z.object({
  seed: z.number().int().optional(),
  /** New properties per minute while the stream runs. */
  perMinute: z.number().positive().max(600_000).optional(),
  /** Share of properties published on 2–4 portals instead of one. */
  crossPostShare: z.number().min(0).max(1).default(0.3),
  durationSeconds: z.number().positive().max(86_400).optional(),
  /** Publish this many properties at once (benchmarks), instead of or before the timed stream. */
  count: z.number().int().min(1).max(200_000).optional(),
  /** Limit to these portals (default: every mounted portal). */
  portals: z.array(Portal).min(1).optional(),
  /** Share of stream ticks that also change a live property's price / withdraw one. */
  priceChangeShare: z.number().min(0).max(1).default(0),
  withdrawShare: z.number().min(0).max(1).default(0),
});
export type StreamRequest = z.infer<typeof StreamRequest>;

const PORTAL_WEIGHT: Record<Portal, number> = {
  sreality: 30, bezrealitky: 12, idnes: 15, bazos: 12, ulovdomov: 8, realitycz: 10, realitymix: 13,
};

/** Portals that do not carry a kind of offer (no auctions on the "without agency" portals). */
export function portalCarries(portal: Portal, adType: AdType, _type: RealEstateType): boolean {
  if (adType === 'Auction') return portal !== 'bezrealitky' && portal !== 'ulovdomov';
  return true;
}

/** The portals one property goes to: usually one, a `crossPostShare` of them two to four. */
export function choosePortals(rng: Rng, available: Portal[], crossPostShare: number, adType: AdType, type: RealEstateType): Portal[] {
  const candidates = available.filter((p) => portalCarries(p, adType, type));
  if (candidates.length === 0) return [];
  const k = rng.chance(crossPostShare) ? Math.min(candidates.length, rng.int(2, 4)) : 1;
  const chosen: Portal[] = [];
  let pool = candidates;
  while (chosen.length < k && pool.length) {
    const next = rng.weighted(pool.map((p) => [p, PORTAL_WEIGHT[p]] as const));
    chosen.push(next);
    pool = pool.filter((p) => p !== next);
  }
  return chosen;
}

export type StreamStatus = { running: boolean; published: number; startedAt: string | null; endsAt: string | null; perMinute: number | null };

/** Runs a timed stream: ticks every 100 ms and publishes what the rate owes so far. */
export class StreamRunner {
  private timer: NodeJS.Timeout | null = null;
  private status: StreamStatus = { running: false, published: 0, startedAt: null, endsAt: null, perMinute: null };

  constructor(private readonly publishOne: (rng: Rng, req: StreamRequest) => void) {}

  start(req: StreamRequest & { perMinute: number }, rng: Rng = createRng(req.seed ?? 1)): StreamStatus {
    this.stop();
    const started = Date.now();
    const ends = req.durationSeconds ? started + req.durationSeconds * 1000 : null;
    this.status = { running: true, published: 0, startedAt: new Date(started).toISOString(), endsAt: ends ? new Date(ends).toISOString() : null, perMinute: req.perMinute };
    this.timer = setInterval(() => {
      const now = Math.min(Date.now(), ends ?? Infinity);
      const owed = Math.floor(((now - started) / 60_000) * req.perMinute) - this.status.published;
      for (let i = 0; i < owed; i++) {
        this.publishOne(rng, req);
        this.status.published++;
      }
      if (ends && Date.now() >= ends) this.stop();
    }, 100);
    this.timer.unref();
    return this.current();
  }

  stop(): StreamStatus {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.status.running = false;
    return this.current();
  }

  current(): StreamStatus {
    return { ...this.status };
  }
}
