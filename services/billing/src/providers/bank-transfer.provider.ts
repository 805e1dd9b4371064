import type { Connection, Model } from 'mongoose';
import { bankMovementModel, type BankMovementRecord } from '../bank/bank-movement.model';
import type { Movement } from '../bank/fio.client';
import type { PaymentRecord } from '../payments/payment.model';
import type { PaymentProvider, ProviderState, StartedPayment } from './provider';

/**
 * Bank transfer with QR Platba. Nothing to create at the bank: the payer sends the amount with the
 * order's variable symbol, and the state is what the statement holds for that symbol — paid once
 * the movements in CZK add up to the amount (more is recorded as an overpayment), still pending
 * while less has arrived, timed out after the due date with nothing.
 */
export class BankTransferProvider implements PaymentProvider {
  readonly method = 'bank-transfer' as const;
  readonly name = 'fio' as const;
  private readonly movements: Model<BankMovementRecord>;

  constructor(db: Connection) {
    this.movements = bankMovementModel(db);
  }

  async start(): Promise<StartedPayment> {
    return { providerPaymentId: null, gatewayUrl: null };
  }

  /** Keeps statement movements, each once (by its bank id); answers the ones that are new. */
  async record(movements: Movement[]): Promise<Movement[]> {
    if (movements.length === 0) return [];
    const result = await this.movements.bulkWrite(movements.map((m) => ({
      updateOne: {
        filter: { _id: m.id },
        update: { $setOnInsert: { variableSymbol: m.variableSymbol, amount: m.amount, currency: m.currency, counterAccount: m.counterAccount, counterBankCode: m.counterBankCode, message: m.message, date: m.date, paymentId: null, receivedAt: new Date() } },
        upsert: true,
      },
    })), { ordered: false });
    // By id, not by the operation index: FerretDB numbers upserts among themselves.
    const inserted = new Set(Object.values(result.upsertedIds ?? {}).map(String));
    return movements.filter((m) => inserted.has(m.id));
  }

  /** The account the order was paid from (its latest CZK movement), where a refund goes back. */
  async payerOf(p: PaymentRecord): Promise<{ counterAccount: string | null; counterBankCode: string | null } | null> {
    const mine = await this.movements.find({ variableSymbol: p.variableSymbol }).limit(100).lean<BankMovementRecord[]>().exec();
    const paid = mine.filter((m) => m.currency === p.currency && m.amount > 0).sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())[0];
    return paid ? { counterAccount: paid.counterAccount, counterBankCode: paid.counterBankCode ?? null } : null;
  }

  async lookup(p: PaymentRecord, now = new Date()): Promise<ProviderState> {
    const mine = await this.movements.find({ variableSymbol: p.variableSymbol }).limit(100).lean<BankMovementRecord[]>().exec();
    const inCzk = mine.filter((m) => m.currency === p.currency);
    const received = inCzk.reduce((sum, m) => sum + m.amount, 0);
    if (received >= p.amount) return { state: 'paid', amount: received, currency: p.currency };
    if (received === 0 && p.dueAt <= now) return { state: 'timeouted', amount: 0, currency: p.currency };
    return { state: received > 0 ? 'pending' : 'created', amount: received, currency: p.currency };
  }
}
