import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z, ZodError } from 'zod';
import { Portal } from '@rr/proto';
import { PublishRequest, SimInputError } from './domain';
import { FaultRequest } from './faults';
import type { Simulator } from './simulator';
import { StreamRequest } from './stream';

const PriceRequest = z.object({ price: z.number().positive().nullable() });
const WithdrawRequest = z.object({ portals: z.array(Portal).min(1).optional() }).default({});
const ResetRequest = z.object({ seed: z.number().int().optional() }).default({});

type Handler = (req: Request, res: Response) => void;
const handle = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => {
  try {
    fn(req, res);
  } catch (err) {
    next(err);
  }
};

function notFound(res: Response, what: string): void {
  res.status(404).json({ error: { code: 'NOT_FOUND', message: `${what} not found` } });
}

/** The admin API that tests, benchmarks and demos drive the simulator with. */
export function adminRouter(sim: Simulator): Router {
  const r = Router();

  r.post('/properties', handle((req, res) => {
    const published = sim.publish(PublishRequest.parse(req.body ?? {}));
    res.status(201).json(published);
  }));

  r.get('/properties/:id', handle((req, res) => {
    const property = sim.store.property(req.params.id);
    if (!property) return notFound(res, `property ${req.params.id}`);
    res.json({ property, listings: sim.store.listingsOf(property.id) });
  }));

  r.post('/properties/:id/price', handle((req, res) => {
    const { price } = PriceRequest.parse(req.body ?? {});
    const listings = sim.store.setPrice(req.params.id, price);
    if (!listings) return notFound(res, `property ${req.params.id}`);
    res.json({ propertyId: req.params.id, listings: listings.map(({ portal, listingId, price: p }) => ({ portal, listingId, price: p })) });
  }));

  r.post('/properties/:id/withdraw', handle((req, res) => {
    const { portals } = WithdrawRequest.parse(req.body ?? {});
    const listings = sim.store.withdraw(req.params.id, portals);
    if (!listings) return notFound(res, `property ${req.params.id}`);
    res.json({ propertyId: req.params.id, withdrawn: listings.map(({ portal, listingId }) => ({ portal, listingId })) });
  }));

  r.post('/properties/:id/republish', handle((req, res) => {
    const { portals } = WithdrawRequest.parse(req.body ?? {});
    const listings = sim.store.republish(req.params.id, portals);
    if (!listings) return notFound(res, `property ${req.params.id}`);
    res.json({ propertyId: req.params.id, republished: listings.map(({ portal, listingId, url }) => ({ portal, listingId, url })) });
  }));

  r.post('/stream', handle((req, res) => {
    const body = StreamRequest.parse(req.body ?? {});
    if (!body.count && !body.perMinute) {
      throw new SimInputError('give count (publish now) or perMinute (timed stream)', 'perMinute');
    }
    const immediate = body.count ? sim.publishMany(body.count, body) : null;
    const stream = body.perMinute ? sim.stream.start({ ...body, perMinute: body.perMinute }) : sim.stream.current();
    res.status(immediate && !body.perMinute ? 200 : 202).json({ ...(immediate ?? {}), stream });
  }));
  r.get('/stream', (_req, res) => res.json(sim.stream.current()));
  r.delete('/stream', (_req, res) => res.json(sim.stream.stop()));

  r.get('/ground-truth', (_req, res) => res.json(sim.groundTruth()));

  r.get('/faults', (_req, res) => res.json(sim.faults.all()));
  r.post('/faults/:portal', handle((req, res) => {
    const portal = Portal.safeParse(req.params.portal);
    if (!portal.success) return notFound(res, `portal ${req.params.portal}`);
    const fault = FaultRequest.parse(req.body ?? {});
    sim.faults.set(portal.data, fault);
    res.json({ portal: portal.data, ...fault });
  }));

  r.put('/robots/:portal', express.text({ type: '*/*' }), handle((req, res) => {
    const portal = Portal.safeParse(req.params.portal);
    if (!portal.success) return notFound(res, `portal ${req.params.portal}`);
    sim.robots.set(portal.data, typeof req.body === 'string' && req.body.trim() ? req.body : null);
    res.json({ portal: portal.data, robots: sim.robots.text(portal.data, `${sim.origin}/${portal.data}`) });
  }));
  r.delete('/robots/:portal', handle((req, res) => {
    const portal = Portal.safeParse(req.params.portal);
    if (!portal.success) return notFound(res, `portal ${req.params.portal}`);
    sim.robots.set(portal.data, null);
    res.json({ portal: portal.data, robots: sim.robots.text(portal.data, `${sim.origin}/${portal.data}`) });
  }));

  r.post('/reset', handle((req, res) => {
    const { seed } = ResetRequest.parse(req.body ?? {});
    sim.reset(seed);
    res.json({ ok: true });
  }));

  r.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof ZodError) {
      const fields = Object.fromEntries(err.issues.map((i) => [i.path.join('.') || 'body', i.message]));
      res.status(400).json({ error: { code: 'VALIDATION_FAILED', message: 'invalid admin request', fields } });
    } else if (err instanceof SimInputError) {
      res.status(400).json({ error: { code: 'VALIDATION_FAILED', message: err.message, fields: err.field ? { [err.field]: err.message } : undefined } });
    } else {
      next(err);
    }
  });
  return r;
}
