import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import type { Portal } from '@rr/proto';
import type { FaultMode } from './portals/types';

export const FaultRequest = z.object({
  mode: z.enum(['none', 'rate-limit', 'server-error', 'slow', 'layout-change']),
  /** `rate-limit`: seconds in the Retry-After header (default 2). */
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  /** `server-error`: the status to answer (default 503). */
  status: z.number().int().min(500).max(599).optional(),
  /** `slow`: delay before answering in ms (default 3000). */
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /** Share of requests affected, 0–1 (default 1). */
  probability: z.number().min(0).max(1).optional(),
  /** Affect only the next N requests, then switch back to `none`. */
  count: z.number().int().min(1).optional(),
});
export type FaultRequest = z.infer<typeof FaultRequest>;

type Fault = FaultRequest & { remaining: number | null };

/**
 * Per-portal stress switches. 429 / 5xx / slow apply before the renderer runs; `layout-change` is
 * read by the renderers (`PortalView.layoutChanged`). robots.txt is never affected.
 */
export class Faults {
  private faults = new Map<Portal, Fault>();
  private counter = 0;

  set(portal: Portal, req: FaultRequest): void {
    if (req.mode === 'none') this.faults.delete(portal);
    else this.faults.set(portal, { ...req, remaining: req.count ?? null });
  }

  mode(portal: Portal): FaultMode {
    return this.faults.get(portal)?.mode ?? 'none';
  }

  all(): Partial<Record<Portal, FaultRequest>> {
    return Object.fromEntries([...this.faults].map(([p, { remaining, ...f }]) => [p, { ...f, ...(remaining != null ? { count: remaining } : {}) }]));
  }

  clear(): void {
    this.faults.clear();
  }

  /** Decides whether this request is hit, counting down `count`-limited faults. */
  private hit(portal: Portal, modes: FaultMode[]): Fault | null {
    const fault = this.faults.get(portal);
    if (!fault || !modes.includes(fault.mode)) return null;
    // A deterministic spread (every k-th request) rather than Math.random, so tests are stable.
    const p = fault.probability ?? 1;
    this.counter++;
    if (p < 1 && (this.counter * p) % 1 >= p) return null;
    if (fault.remaining != null) {
      fault.remaining--;
      if (fault.remaining <= 0) this.faults.delete(portal);
    }
    return fault;
  }

  layoutChanged(portal: Portal): boolean {
    return this.faults.get(portal)?.mode === 'layout-change';
  }

  middleware(portal: Portal) {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (req.path === '/robots.txt' || req.path.startsWith('/photos/')) return next();
      const fault = this.hit(portal, ['rate-limit', 'server-error', 'slow']);
      if (!fault) return next();
      if (fault.mode === 'rate-limit') {
        res.status(429).set('Retry-After', String(fault.retryAfterSeconds ?? 2)).type('text/plain').send('Too Many Requests');
      } else if (fault.mode === 'server-error') {
        res.status(fault.status ?? 503).type('text/html').send('<html><body><h1>Služba je dočasně nedostupná</h1></body></html>');
      } else {
        const timer = setTimeout(next, fault.delayMs ?? 3000);
        res.on('close', () => clearTimeout(timer));
      }
    };
  }
}
