import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';

export const FaultRequest = z.object({
  /** `error`: 500 with GoPay's error body; `slow`: answers after `delayMs` (a client timeout). */
  mode: z.enum(['none', 'error', 'slow']),
  delayMs: z.number().int().min(0).max(120_000).default(15_000),
  /** How many requests the fault lasts; unset = until reset. */
  count: z.number().int().positive().optional(),
  /** Only requests whose path contains this (e.g. `create-recurrence`); unset = every request. */
  path: z.string().min(1).max(200).optional(),
});
export type FaultRequest = z.infer<typeof FaultRequest>;

/** A switchable fault in front of one API (GoPay or Fio), for tests of outages and timeouts. */
export class Fault {
  private current: FaultRequest = { mode: 'none', delayMs: 0 };

  set(f: FaultRequest): void {
    this.current = f;
  }

  mode(): FaultRequest['mode'] {
    return this.current.mode;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const f = this.current;
      if (f.mode === 'none' || (f.path && !req.originalUrl.includes(f.path))) return next();
      if (f.count !== undefined) {
        f.count -= 1;
        if (f.count <= 0) this.current = { mode: 'none', delayMs: 0 };
      }
      if (f.mode === 'error') {
        res.status(500).json({ date_issued: new Date().toISOString(), errors: [{ scope: 'G', error_code: 500, error_name: 'SYSTEM_ERROR', message: 'simulated outage' }] });
        return;
      }
      setTimeout(next, f.delayMs).unref();
    };
  }
}
