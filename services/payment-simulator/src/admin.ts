import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { FaultRequest, type Fault } from './faults';
import { BankTransferRequest, type FioBank } from './fio/fio-bank';
import type { GoPayNotifier } from './gopay/notifier';
import type { GoPayStore } from './gopay/gopay-store';
import { publicView, type GoPayState } from './gopay/types';

const StateChange = z.object({
  /** Extra copies of the notification (GoPay may call more than once). */
  duplicates: z.number().int().min(0).max(10).default(0),
  /** Change the state without calling the shop (a lost notification). */
  notify: z.boolean().default(true),
}).default({});

const ACTIONS: Record<string, GoPayState> = { pay: 'PAID', decline: 'CANCELED', cancel: 'CANCELED', expire: 'TIMEOUTED', 'choose-method': 'PAYMENT_METHOD_CHOSEN' };

export type AdminParts = { store: GoPayStore; notifier: GoPayNotifier; fio: FioBank; faults: { gopay: Fault; fio: Fault } };

/** What tests and demos drive the simulator with (never part of GoPay's or Fio's API). */
export function adminRouter({ store, notifier, fio, faults }: AdminParts): Router {
  const r = Router();
  r.use(express.json({ limit: '64kb' }));

  r.get('/gopay/payments', (_req, res) => res.json(store.list().map(publicView)));

  r.get('/gopay/payments/by-order/:orderNumber', (req, res) => {
    const p = store.list().find((x) => x.order_number === req.params.orderNumber);
    if (!p) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: `order ${req.params.orderNumber} not found` } });
    res.json(publicView(p));
  });

  r.post('/gopay/payments/:id/:action', handle((req, res) => {
    const p = store.get(Number(req.params.id));
    if (!p) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: `payment ${req.params.id} not found` } });
    const opts = StateChange.parse(req.body ?? {});
    if (req.params.action !== 'notify') {
      const state = ACTIONS[req.params.action];
      if (!state) return void res.status(400).json({ error: { code: 'VALIDATION_FAILED', message: `unknown action ${req.params.action}` } });
      store.setState(p, state);
    }
    if (opts.notify) notifier.notify(p, 1 + opts.duplicates);
    res.json(publicView(p));
  }));

  r.get('/gopay/notifications', (_req, res) => res.json(notifier.sent));

  r.post('/gopay/recurrence-outcome', handle((req, res) => {
    store.recurrenceOutcome = z.object({ outcome: z.enum(['paid', 'declined']) }).parse(req.body).outcome;
    res.json({ outcome: store.recurrenceOutcome });
  }));

  r.post('/gopay/notifications', handle((req, res) => {
    notifier.enabled = z.object({ enabled: z.boolean() }).parse(req.body).enabled;
    res.json({ enabled: notifier.enabled });
  }));

  r.post('/gopay/expire-tokens', (_req, res) => {
    store.expireTokens();
    res.json({ ok: true });
  });

  r.post('/fio/transactions', handle((req, res) => res.status(201).json(fio.add(BankTransferRequest.parse(req.body)))));
  r.get('/fio/transactions', (_req, res) => res.json(fio.list()));
  r.get('/fio/orders', (_req, res) => res.json(fio.listOrders()));
  // A person signs an imported batch in internet banking: its orders leave the account.
  r.post('/fio/orders/:instructionId/authorize', (req, res) => {
    const sent = fio.authorize(Number(req.params.instructionId));
    if (sent.length === 0) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: `no waiting batch ${req.params.instructionId}` } });
    res.json(sent);
  });

  r.post('/faults/:api', handle((req, res) => {
    const fault = faults[req.params.api as 'gopay' | 'fio'];
    if (!fault) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: `api ${req.params.api} not found` } });
    fault.set(FaultRequest.parse(req.body));
    res.json({ api: req.params.api, mode: fault.mode() });
  }));

  r.post('/reset', (_req, res) => {
    store.reset();
    fio.reset();
    notifier.sent.length = 0;
    notifier.enabled = true;
    faults.gopay.set({ mode: 'none', delayMs: 0 });
    faults.fio.set({ mode: 'none', delayMs: 0 });
    res.json({ ok: true });
  });

  r.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof z.ZodError) {
      const issue = err.issues[0];
      return void res.status(400).json({ error: { code: 'VALIDATION_FAILED', message: `${issue.path.join('.') || 'body'}: ${issue.message}` } });
    }
    next(err);
  });
  return r;
}

type Handler = (req: Request, res: Response) => void;
const handle = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => {
  try {
    fn(req, res);
  } catch (err) {
    next(err);
  }
};
