import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { adminRouter } from './admin';
import { Fault } from './faults';
import { FioBank } from './fio/fio-bank';
import { gatewayPageRouter } from './gopay/gateway-page';
import { gopayApiRouter, type GoPayCredentials } from './gopay/gopay-api';
import { GoPayStore } from './gopay/gopay-store';
import { GoPayNotifier } from './gopay/notifier';

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type PaymentSimulatorOptions = {
  /** Public origin, for `gw_url`. */
  origin: string;
  gopay: GoPayCredentials;
  fio: { token: string; accountId: string; iban: string; minIntervalMs?: number; paymentToken?: string };
  notifyRetryMs?: number;
  logger?: Log;
};

export type PaymentSimulator = { app: Express; store: GoPayStore; notifier: GoPayNotifier; fio: FioBank; close(): void };

/** GoPay under `/gopay` (API at `/gopay/api`, gateway page at `/gopay/gw`), Fio under `/fio`, admin under `/admin`. */
export function createPaymentSimulator(options: PaymentSimulatorOptions): PaymentSimulator {
  const store = new GoPayStore(options.origin, options.gopay.goid);
  const notifier = new GoPayNotifier(options.logger, options.notifyRetryMs ?? 1_000);
  const fio = new FioBank(options.fio.token, options.fio.accountId, options.fio.iban, options.fio.minIntervalMs ?? 0, options.fio.paymentToken);
  const faults = { gopay: new Fault(), fio: new Fault() };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.get('/', (_req, res) => res.type('html').send(home(store.list().length, fio.list().length)));
  // The body is read before a slow fault waits: GoPay has the whole request even when the caller
  // gives up on the answer, so a timed-out call still takes effect (as it may at the real gateway).
  app.use('/gopay/api', express.json({ limit: '256kb' }), express.urlencoded({ extended: false }), faults.gopay.middleware(), gopayApiRouter(store, notifier, options.gopay));
  app.use('/gopay/gw', gatewayPageRouter(store, notifier));
  app.use('/fio', faults.fio.middleware(), fio.router());
  app.use('/admin', adminRouter({ store, notifier, fio, faults }));
  app.use((_req, res) => res.status(404).type('text/plain').send('Not Found'));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    options.logger?.error({ err, url: req.originalUrl }, 'payment simulator request failed');
    if (!res.headersSent) res.status(500).json({ error: { code: 'INTERNAL', message: 'simulator error' } });
  });
  return { app, store, notifier, fio, close: () => notifier.close() };
}

function home(payments: number, transfers: number): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Reality Radar payment simulator</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}</style></head><body><h1>Payment simulator</h1>
<p>Development and test stand-in for GoPay (<code>/gopay/api</code>, gateway page <code>/gopay/gw/{id}</code>) and Fio banka's statement API (<code>/fio/v1/rest/…</code>).</p>
<p>GoPay payments: ${payments}. Bank movements: ${transfers}.</p>
<p>Admin API: <a href="/admin/gopay/payments">GET /admin/gopay/payments</a>, <code>POST /admin/gopay/payments/{id}/pay|decline|cancel|expire|notify</code>, <code>POST /admin/fio/transactions</code>, <code>POST /admin/faults/{gopay|fio}</code>, <code>POST /admin/reset</code> (see README).</p>
</body></html>`;
}
