import { randomUUID } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError, jsonErrorHandler, requireAdmin, sessionUserOf, type Logger } from '@rr/kit';
import { AdCreditOrderBody, CORRELATION_HEADER, CheckoutBody, ENTITLEMENTS, PLANS, PLAN_TIERS, PlanTierSchema, type SubscriptionView } from '@rr/proto';
import type { BillingDeps } from '../deps';
import { isOpen } from '../domain/payment-state';
import type { CheckoutService } from '../payments/checkout.service';
import { paymentView } from '../payments/payment-view';
import type { Refunds } from '../payments/refunds';
import type { Settlement } from '../payments/settlement';
import type { Withdrawals } from '../subscriptions/withdrawals';
import type { SubscriptionRecord } from '../subscriptions/subscription.model';
import type { SubscriptionService } from '../subscriptions/subscription.service';
import { isdocBankOf, renderIsdoc } from '../invoices/invoice-isdoc';
import type { InvoiceRecord } from '../invoices/invoice.model';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import type { InvoiceService } from '../invoices/invoice.service';

type Services = { checkout: CheckoutService; settlement: Settlement; subscriptions: SubscriptionService; invoices: InvoiceService; refunds: Refunds; withdrawals: Withdrawals };
type Handler = (req: Request, log: Logger) => Promise<unknown>;

/** The billing API as the gateway forwards it (`/api/billing/…` → `/billing/…`). */
export function billingRoutes(deps: BillingDeps, s: Services): Router {
  const r = Router();
  r.use(express.json({ limit: '32kb' }));
  const route = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers[CORRELATION_HEADER];
    const correlationId = (typeof header === 'string' && header.length <= 100 && header) || randomUUID();
    fn(req, deps.log.child({ correlationId })).then((data) => res.json({ data }), next);
  };
  const me = (req: Request) => sessionUserOf(req, deps.config.JWT_SECRET);

  r.get('/billing/plans', route(async () => PLAN_TIERS.map((tier) => ({ ...PLANS[tier], entitlements: ENTITLEMENTS[PLANS[tier].role] }))));

  r.post('/billing/checkout', route(async (req, log) => {
    const user = me(req);
    const parsed = CheckoutBody.safeParse(req.body);
    if (!parsed.success) throw validation(parsed.error);
    const payment = await s.checkout.checkout(user, parsed.data, log);
    return { payment: paymentView(payment, deps.config) };
  }));

  // Advertising credit: a bank-transfer order with QR Platba; paid, it becomes credit in the ad service.
  r.post('/billing/ad-credit', route(async (req, log) => {
    const user = me(req);
    const parsed = AdCreditOrderBody.safeParse(req.body);
    if (!parsed.success) throw validation(parsed.error);
    return { payment: paymentView(await s.checkout.orderAdCredit(user, parsed.data, log), deps.config) };
  }));

  // The confirmation page polls this: an open payment is looked up at the provider, never taken from the redirect.
  r.get('/billing/payments/:id', route(async (req, log) => {
    const user = me(req);
    let payment = await deps.payments.findById(req.params.id);
    if (!payment || payment.userId !== user.id) throw new AppError('NOT_FOUND', `payment ${req.params.id} not found`);
    if (isOpen(payment.state) || (payment.state === 'paid' && !payment.settledAt)) {
      payment = await s.settlement.refresh(payment, log).catch((err) => {
        log.warn({ err, paymentId: payment!._id }, 'lookup failed; showing the last known state');
        return payment!;
      });
    }
    return paymentView(payment, deps.config);
  }));

  r.get('/billing/payments', route(async (req) => {
    const user = me(req);
    return (await deps.payments.listForUser(user.id)).map((p) => paymentView(p, deps.config));
  }));

  r.get('/billing/subscription', route(async (req) => {
    const sub = await deps.subscriptions.findByUser(me(req).id);
    return sub ? subscriptionView(sub) : null;
  }));

  r.post('/billing/subscription/cancel', route(async (req) => subscriptionView(await s.subscriptions.cancel(me(req).id))));

  // The online withdrawal function (Directive 2023/2673): within 14 days, one call with a confirm step in the client.
  r.post('/billing/subscription/withdraw', route(async (req, log) => {
    const user = me(req);
    const result = await s.withdrawals.withdraw(user.id, log);
    return { refunded: result.refunded, creditNote: result.creditNote ? invoiceView(result.creditNote) : null, at: result.at.toISOString() };
  }));

  r.post('/billing/subscription/change', route(async (req) => {
    const tier = z.object({ tier: PlanTierSchema }).safeParse(req.body);
    if (!tier.success) throw validation(tier.error);
    return subscriptionView(await s.subscriptions.scheduleDowngrade(me(req).id, tier.data.tier));
  }));

  r.get('/billing/invoices', route(async (req) => (await deps.invoices.listForUser(me(req).id)).map(invoiceView)));

  // Downloads: the profile links them with the session token in the query (a plain link cannot send a header).
  r.get('/billing/invoices/:id/:format(pdf|isdoc)', (req, res, next) => {
    const user = sessionUserOf(withQueryToken(req), deps.config.JWT_SECRET);
    deps.invoices.findById(req.params.id).then(async (inv) => {
      if (!inv || (inv.userId !== user.id && user.role < 10000)) throw new AppError('NOT_FOUND', `invoice ${req.params.id} not found`);
      if (req.params.format === 'pdf') {
        res.type('application/pdf').setHeader('content-disposition', `attachment; filename="${inv._id}.pdf"`);
        res.send(await renderInvoicePdf(inv));
      } else {
        res.type('application/xml').setHeader('content-disposition', `attachment; filename="${inv._id}.isdoc"`);
        res.send(renderIsdoc(inv, isdocBankOf(deps.config)));
      }
    }).catch(next);
  });

  // Admin: refund (all or part) of a card payment at GoPay, with its credit note; a full refund ends the tier.
  r.post('/billing/admin/payments/:id/refund', route(async (req, log) => {
    requireAdmin(me(req));
    const payment = await deps.payments.findById(req.params.id);
    if (!payment) throw new AppError('NOT_FOUND', `payment ${req.params.id} not found`);
    const body = z.object({ amount: z.number().int().positive().optional() }).safeParse(req.body ?? {});
    if (!body.success) throw validation(body.error);
    const amount = body.data.amount ?? payment.amount - payment.refunded;
    const { payment: after, creditNote, bankRefund } = await s.refunds.refund(payment, amount, log);
    if (after.refunded === payment.amount) await s.subscriptions.endNow(payment.userId);
    return {
      payment: paymentView(after, deps.config), creditNote: invoiceView(creditNote),
      // A bank transfer's money goes back by a payment order at Fio that a person signs in internet banking.
      bankRefund: bankRefund && { state: bankRefund.state, instructionId: bankRefund.instructionId, accountTo: bankRefund.accountTo, bankCode: bankRefund.bankCode, amount: bankRefund.amount, error: bankRefund.error },
    };
  }));

  // GoPay's notification: GET with ?id=. 200 once handled; a provider outage answers 503 so GoPay calls again.
  r.get('/billing/gopay/notify', route(async (req, log) => {
    const id = String(req.query.id ?? '');
    const payment = await s.settlement.onGoPayNotification(id, log);
    return { id: payment._id, state: payment.state };
  }));

  r.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
  r.use(jsonErrorHandler(deps.log));
  return r;
}

function withQueryToken(req: Request): Request {
  const token = typeof req.query.token === 'string' ? req.query.token : null;
  if (!token || req.headers.authorization) return req;
  return { headers: { ...req.headers, authorization: `Bearer ${token}` } } as Request;
}

const invoiceView = (i: InvoiceRecord) => ({ id: i._id, number: i._id, kind: i.kind, issuedAt: i.issuedAt.toISOString(), total: i.total, currency: i.currency });

function validation(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return new AppError('VALIDATION_FAILED', Object.entries(fields).map(([f, m]) => `${f}: ${m}`)[0], { fields });
}

function subscriptionView(s: SubscriptionRecord): SubscriptionView {
  const now = Date.now();
  return {
    id: s.userId, status: s.status, tier: s.tier, period: s.period, currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd, nextTier: s.nextTier,
    withdrawableUntil: s.withdrawableUntil && s.withdrawableUntil.getTime() > now ? s.withdrawableUntil.toISOString() : null,
    billing: s.billing,
  };
}

