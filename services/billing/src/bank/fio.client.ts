import { AppError } from '@rr/kit';

type Column<T> = { value: T; name: string; id: number } | null;
export type FioTransaction = {
  column22: Column<number>;
  column0: Column<string>;
  column1: Column<number>;
  column14: Column<string>;
  column2?: Column<string>;
  column3?: Column<string>;
  column5?: Column<string>;
  column16?: Column<string>;
};
type FioStatement = { accountStatement: { info: { currency: string }; transactionList: { transaction: FioTransaction[] } } };

export type Movement = { id: string; variableSymbol: string | null; amount: number; currency: string; counterAccount: string | null; counterBankCode: string | null; message: string | null; date: string };

/**
 * Fio banka's statement API (JSON). Billing reads a window of days (`periods`) rather than "since
 * the last download" (`last`, which moves the bank's pointer as it answers): a crash between the
 * answer and our write would lose movements; re-reading a window is harmless (movements are kept
 * by their bank id).
 */
export class FioClient {
  constructor(private readonly baseUrl: string, private readonly token: string, private readonly timeoutMs = 15_000) {}

  /**
   * Sends payment orders (`POST /v1/rest/import/`, multipart: token, type xml, lng, file) with a
   * token allowed to import, which is not the statement's read token. Fio keeps the batch for a
   * person to sign in internet banking; the answer is XML (`parseImportAnswer`).
   */
  async importOrders(paymentToken: string, xml: string): Promise<string> {
    const form = new FormData();
    form.set('token', paymentToken);
    form.set('type', 'xml');
    form.set('lng', 'cs');
    form.set('file', new Blob([xml], { type: 'application/xml' }), 'orders.xml');
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/v1/rest/import/`, { method: 'POST', body: form, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new AppError('PAYMENT_PROVIDER_FAILED', `Fio import did not answer: ${(err as Error).message}`, { cause: err, retriable: true });
    }
    // 409: one request per 30 s; 500: Fio's answer to a token without the right (or inactive).
    if (!res.ok) throw new AppError('PAYMENT_PROVIDER_FAILED', `Fio import answered ${res.status}: ${(await res.text().catch(() => '')).slice(0, 200)}`, { retriable: res.status === 409 });
    return res.text();
  }

  /** Incoming (positive) and outgoing (negative amounts) movements of the days between. */
  async movementsBetween(from: Date, to: Date): Promise<Movement[]> {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const url = `${this.baseUrl.replace(/\/$/, '')}/v1/rest/periods/${encodeURIComponent(this.token)}/${day(from)}/${day(to)}/transactions.json`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new AppError('PAYMENT_PROVIDER_FAILED', `Fio statement did not answer: ${(err as Error).message}`, { cause: err, retriable: true });
    }
    // 409: Fio's one-request-per-30-s limit; the next round reads the same movements.
    if (!res.ok) throw new AppError('PAYMENT_PROVIDER_FAILED', `Fio statement answered ${res.status}`, { retriable: res.status === 409 || res.status >= 500 });
    const body = (await res.json()) as FioStatement;
    return (body.accountStatement.transactionList.transaction ?? []).map(toMovement);
  }
}

/** Amounts are decimal crowns in the statement; we hold haléře. */
function toMovement(t: FioTransaction): Movement {
  return {
    id: String(t.column22?.value),
    variableSymbol: t.column5?.value ? String(t.column5.value).replace(/^0+/, '') : null,
    amount: Math.round((t.column1?.value ?? 0) * 100),
    currency: t.column14?.value ?? 'CZK',
    counterAccount: t.column2?.value ?? null,
    counterBankCode: t.column3?.value ?? null,
    message: t.column16?.value ?? null,
    date: (t.column0?.value ?? '').slice(0, 10),
  };
}
