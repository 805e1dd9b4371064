import type { Connection } from 'mongoose';
import type { Bus, Logger } from '@rr/kit';
import type { BillingConfig } from './config';
import type { InvoiceRepository } from './invoices/invoice.repository';
import type { PaymentRepository } from './payments/payment.repository';
import type { BankTransferProvider } from './providers/bank-transfer.provider';
import type { GoPayProvider } from './providers/gopay.provider';
import type { SubscriptionRepository } from './subscriptions/subscription.repository';

export type BillingDeps = {
  config: BillingConfig;
  log: Logger;
  bus: Bus;
  db: Connection;
  payments: PaymentRepository;
  subscriptions: SubscriptionRepository;
  invoices: InvoiceRepository;
  gopay: GoPayProvider;
  bank: BankTransferProvider;
};
