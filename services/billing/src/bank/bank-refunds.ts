import type { Connection, Model } from 'mongoose';
import type { Logger } from '@rr/kit';
import type { BankTransferProvider } from '../providers/bank-transfer.provider';
import type { PaymentRecord } from '../payments/payment.model';
import { bankRefundModel, type BankRefundRecord } from './bank-refund.model';
import type { FioClient, Movement } from './fio.client';
import { domesticOrderXml, parseImportAnswer, payeeOf } from './fio-orders';

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/**
 * Money back for a bank transfer: a domestic payment order to the account it came from, imported
 * at Fio. Fio's API cannot move money by itself — an imported batch waits for a person to sign it
 * in internet banking — so the refund is `waiting-signature` until then, and the outgoing movement
 * appears in the statement once signed. Without the payer's account or an import token it is
 * `manual`: the log and the record say what to send.
 */
export class BankRefunds {
  private readonly model: Model<BankRefundRecord>;

  constructor(db: Connection, private readonly bank: BankTransferProvider, private readonly fio: FioClient, private readonly o: { account: string; paymentToken: string | null }) {
    this.model = bankRefundModel(db);
  }

  async send(p: PaymentRecord, amount: number, key: string, log: Logger, now = new Date()): Promise<BankRefundRecord> {
    const payer = await this.bank.payerOf(p);
    const payee = payeeOf(payer?.counterAccount ?? null, payer?.counterBankCode ?? null);
    const id = `${p._id}:${key}`;
    try {
      await this.model.create({
        _id: id, paymentId: p._id, amount, variableSymbol: p.variableSymbol, accountTo: payee?.accountTo ?? null, bankCode: payee?.bankCode ?? null,
        state: payee && this.o.paymentToken ? 'submitting' : 'manual', instructionId: null, error: null, createdAt: now, updatedAt: now,
      });
    } catch (err) {
      if (!isDuplicate(err)) throw err;
      return (await this.model.findById(id).lean<BankRefundRecord>().exec())!;
    }
    if (!payee || !this.o.paymentToken) {
      log.warn({ paymentId: p._id, amount, variableSymbol: p.variableSymbol, payee }, 'bank transfer refund to send by hand');
      return (await this.model.findById(id).lean<BankRefundRecord>().exec())!;
    }
    const xml = domesticOrderXml({
      accountFrom: this.o.account, amount, currency: 'CZK', ...payee, variableSymbol: p.variableSymbol, date: now.toISOString().slice(0, 10),
      messageForRecipient: p.locale === 'cs' ? `Reality Radar – vrácení platby VS ${p.variableSymbol}` : `Reality Radar refund, VS ${p.variableSymbol}`,
    });
    const answer = parseImportAnswer(await this.fio.importOrders(this.o.paymentToken, xml).catch((err: Error) => `<responseImport><result><errorCode>http</errorCode><message>${err.message.replace(/[<&]/g, ' ')}</message></result></responseImport>`));
    const fields = answer.ok
      ? { state: 'waiting-signature' as const, instructionId: answer.instructionId, error: null }
      : { state: 'failed' as const, error: `Fio ${answer.errorCode}: ${answer.message}` };
    if (answer.ok) log.info({ paymentId: p._id, amount, instructionId: answer.instructionId }, 'refund order imported at Fio; waits for a signature in internet banking');
    else log.error({ paymentId: p._id, amount, error: fields.error }, 'Fio refused the refund order; send it by hand');
    return (await this.model.findByIdAndUpdate(id, { $set: { ...fields, updatedAt: new Date() } }, { new: true }).lean<BankRefundRecord>().exec())!;
  }

  /**
   * Outgoing statement movements: each one executes the waiting order with its variable symbol and
   * amount (a movement matches one order once; re-reading the same days changes nothing).
   */
  async confirmSent(outgoing: Movement[], log: Logger): Promise<number> {
    let confirmed = 0;
    for (const m of outgoing) {
      if (!m.variableSymbol) continue;
      const orders = await this.model.find({ variableSymbol: m.variableSymbol }).limit(50).lean<BankRefundRecord[]>().exec();
      if (orders.some((o) => o.movementId === m.id)) continue;
      const order = orders.find((o) => o.state === 'waiting-signature' && o.amount === -m.amount);
      if (!order) continue;
      await this.model.updateOne({ _id: order._id }, { $set: { state: 'sent', movementId: m.id, updatedAt: new Date() } });
      log.info({ paymentId: order.paymentId, amount: order.amount, movementId: m.id }, 'refund left the account');
      confirmed += 1;
    }
    return confirmed;
  }

  forPayment(paymentId: string): Promise<BankRefundRecord[]> {
    return this.model.find({ paymentId }).limit(50).lean<BankRefundRecord[]>().exec();
  }
}
