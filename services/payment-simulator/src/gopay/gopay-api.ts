import express, { Router, type Request, type Response } from 'express';
import type { GoPayNotifier } from './notifier';
import type { GoPayStore } from './gopay-store';
import { CreatePaymentRequest, CreateRecurrenceRequest, gopayError, publicView } from './types';

export type GoPayCredentials = { clientId: string; clientSecret: string; goid: number };

const TOKEN_TTL_SECONDS = 1_800;

/** GoPay's REST API at its real paths under `/gopay/api`: token, create, status, recurrence, refund. */
export function gopayApiRouter(store: GoPayStore, notifier: GoPayNotifier, creds: GoPayCredentials): Router {
  const r = Router();
  r.use(express.json({ limit: '256kb' }), express.urlencoded({ extended: false }));

  r.post('/oauth2/token', (req, res) => {
    const [user, pass] = basicAuth(req);
    if (user !== creds.clientId || pass !== creds.clientSecret) {
      res.status(403).json(gopayError(202, 'AUTH_WRONG_CREDENTIALS', 'Wrong credentials'));
      return;
    }
    const scope = String(req.body?.scope ?? '');
    if (req.body?.grant_type !== 'client_credentials' || !['payment-create', 'payment-all'].includes(scope)) {
      res.status(400).json(gopayError(110, 'INVALID', 'grant_type client_credentials and scope payment-create or payment-all are required', 'scope'));
      return;
    }
    res.json({ token_type: 'bearer', access_token: store.issueToken(scope, TOKEN_TTL_SECONDS), expires_in: TOKEN_TTL_SECONDS });
  });

  r.post('/payments/payment', bearer(store, 'payment-create'), (req, res) => {
    const parsed = CreatePaymentRequest.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      res.status(409).json(gopayError(110, 'INVALID', issue.message, issue.path.join('.')));
      return;
    }
    if (parsed.data.target.goid !== String(creds.goid)) {
      res.status(409).json(gopayError(111, 'WRONG_VALUE', 'unknown goid', 'target.goid'));
      return;
    }
    const itemsTotal = parsed.data.items.reduce((sum, i) => sum + i.amount * (i.count ?? 1), 0);
    if (itemsTotal !== parsed.data.amount) {
      res.status(409).json(gopayError(111, 'WRONG_VALUE', 'items do not add up to amount', 'items'));
      return;
    }
    res.json(publicView(store.create(parsed.data)));
  });

  r.get('/payments/payment/:id', bearer(store, 'payment-all'), (req, res) => {
    const p = store.get(Number(req.params.id));
    if (!p) return notFound(res);
    res.json(publicView(p));
  });

  r.post('/payments/payment/:id/create-recurrence', bearer(store, 'payment-all'), (req, res) => {
    const parent = store.get(Number(req.params.id));
    if (!parent) return notFound(res);
    if (parent.recurrence?.recurrence_state !== 'STARTED' || parent.recurrence.recurrence_cycle !== 'ON_DEMAND') {
      res.status(409).json(gopayError(340, 'RECURRENCE_DISABLED', 'the parent payment has no started on-demand recurrence'));
      return;
    }
    const parsed = CreateRecurrenceRequest.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      res.status(409).json(gopayError(110, 'INVALID', issue.message, issue.path.join('.')));
      return;
    }
    const child = store.recur(parent, parsed.data);
    notifier.notify(child);
    res.json(publicView(child));
  });

  r.post('/payments/payment/:id/void-recurrence', bearer(store, 'payment-all'), (req, res) => {
    const p = store.get(Number(req.params.id));
    if (!p) return notFound(res);
    if (!p.recurrence || p.recurrence.recurrence_state === 'STOPPED') {
      res.status(409).json(gopayError(341, 'RECURRENCE_STOPPED', 'recurrence is not active'));
      return;
    }
    p.recurrence.recurrence_state = 'STOPPED';
    res.json({ id: p.id, result: 'FINISHED' });
  });

  r.post('/payments/payment/:id/refund', bearer(store, 'payment-all'), (req, res) => {
    const p = store.get(Number(req.params.id));
    if (!p) return notFound(res);
    const amount = Number(req.body?.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > p.amount - p.refunded || !['PAID', 'PARTIALLY_REFUNDED'].includes(p.state)) {
      res.status(409).json(gopayError(330, 'REFUND_FAILED', 'payment cannot be refunded by this amount', 'amount'));
      return;
    }
    p.refunded += amount;
    store.setState(p, p.refunded === p.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED');
    notifier.notify(p);
    res.json({ id: p.id, result: 'FINISHED' });
  });

  return r;
}

function basicAuth(req: Request): [string, string] {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return ['', ''];
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return [decoded.slice(0, i), decoded.slice(i + 1)];
}

function bearer(store: GoPayStore, scope: 'payment-create' | 'payment-all') {
  return (req: Request, res: Response, next: () => void) => {
    const header = req.headers.authorization ?? '';
    const verdict = header.startsWith('Bearer ') ? store.tokenAllows(header.slice(7), scope) : 'invalid';
    if (verdict === 'invalid') {
      res.status(403).json(gopayError(202, 'AUTH_WRONG_CREDENTIALS', 'invalid or expired access token'));
      return;
    }
    if (verdict === 'scope') {
      res.status(403).json(gopayError(203, 'AUTH_WRONG_SCOPE', `scope ${scope} is needed`));
      return;
    }
    next();
  };
}

function notFound(res: Response): void {
  res.status(404).json(gopayError(500, 'PAYMENT_NOT_FOUND', 'payment not found'));
}
