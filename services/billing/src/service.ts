import express from 'express';
import { createMailer, listen, type ServiceContext, type ServiceDefinition } from '@rr/kit';
import { FioClient } from './bank/fio.client';
import { BillingConfig, checkBillingConfig, notificationUrlOf } from './config';
import type { BillingDeps } from './deps';
import { billingRoutes } from './http/routes';
import { BankRefunds } from './bank/bank-refunds';
import { Reconciler } from './jobs/reconciler';
import { Renewals } from './jobs/renewals';
import { SubscriptionMails } from './subscriptions/subscription-mails';
import { CheckoutService } from './payments/checkout.service';
import { InvoiceRepository } from './invoices/invoice.repository';
import { InvoiceService } from './invoices/invoice.service';
import { PaymentRepository } from './payments/payment.repository';
import { Refunds } from './payments/refunds';
import { Settlement } from './payments/settlement';
import { Withdrawals } from './subscriptions/withdrawals';
import { BankTransferProvider } from './providers/bank-transfer.provider';
import { GoPayClient } from './providers/gopay.client';
import { GoPayProvider } from './providers/gopay.provider';
import { SubscriptionRepository } from './subscriptions/subscription.repository';
import { SubscriptionService } from './subscriptions/subscription.service';

export function buildDeps(ctx: ServiceContext<BillingConfig>): BillingDeps {
  const { config, log, bus } = ctx;
  const db = ctx.db!;
  const client = new GoPayClient({
    baseUrl: config.GOPAY_BASE_URL, clientId: config.GOPAY_CLIENT_ID, clientSecret: config.GOPAY_CLIENT_SECRET, goid: config.GOPAY_GOID, timeoutMs: config.GOPAY_TIMEOUT_MS,
  });
  return {
    config, log, bus, db,
    payments: new PaymentRepository(db),
    subscriptions: new SubscriptionRepository(db),
    invoices: new InvoiceRepository(db),
    gopay: new GoPayProvider(client, notificationUrlOf(config)),
    bank: new BankTransferProvider(db),
  };
}

export type BillingParts = { deps: BillingDeps; settlement: Settlement; subscriptions: SubscriptionService; invoices: InvoiceService; reconciler: Reconciler; bankRefunds: BankRefunds; apiPort: number };

/** The service; tests pass `onStarted` to reach its parts (run a reconcile round at once, read repositories). */
export const createBillingService = (onStarted?: (parts: BillingParts) => void): ServiceDefinition<typeof BillingConfig> => ({
  name: 'billing',
  configSchema: BillingConfig,
  database: true,
  async start(ctx) {
    checkBillingConfig(ctx.config);
    const deps = buildDeps(ctx);
    await Promise.all([deps.payments.init(), deps.subscriptions.init(), deps.invoices.init()]);
    const subscriptions = new SubscriptionService(deps);
    const mailer = createMailer(ctx.config);
    const invoices = new InvoiceService(deps, deps.invoices, mailer);
    const settlement = new Settlement(deps, subscriptions, {
      onSettled: async (p) => void (await invoices.issueForPayment(p)),
      onCreditReceived: async (p, amount, sourceKey) => void (await invoices.issueForPayment(p, amount, sourceKey)),
    });
    const checkout = new CheckoutService(deps);
    const mails = new SubscriptionMails(mailer, ctx.config.PUBLIC_URL);
    const fio = new FioClient(ctx.config.FIO_BASE_URL, ctx.config.FIO_TOKEN);
    const bankRefunds = new BankRefunds(deps.db, deps.bank, fio, { account: ctx.config.BANK_ACCOUNT, paymentToken: ctx.config.FIO_PAYMENT_TOKEN ?? null });
    const refunds = new Refunds(deps, settlement, invoices, bankRefunds);
    const withdrawals = new Withdrawals(deps, subscriptions, refunds, mails);

    const app = express();
    app.disable('x-powered-by');
    app.use(billingRoutes(deps, { checkout, settlement, subscriptions, invoices, refunds, withdrawals }));
    const server = await listen(app, { host: ctx.config.BIND_HOST, port: ctx.config.BILLING_API_PORT }, 'billing API');
    ctx.shutdown.add('api', server.close);
    const apiPort = server.port;

    const renewals = new Renewals(deps, settlement, subscriptions, mails, ctx.log);
    const reconciler = new Reconciler(deps, fio, settlement, subscriptions, invoices, renewals, bankRefunds, ctx.log);
    reconciler.start(ctx.config.RECONCILE_SECONDS * 1000, ctx.config.RECONCILE_ON_START);
    ctx.shutdown.add('reconciler', () => reconciler.stop());
    ctx.log.info({ apiPort }, 'billing API listening');
    onStarted?.({ deps, settlement, subscriptions, invoices, reconciler, bankRefunds, apiPort });
    return { details: () => ({ apiPort }) };
  },
});

export const billingService = createBillingService();
