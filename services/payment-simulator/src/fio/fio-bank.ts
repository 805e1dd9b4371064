import express, { Router } from 'express';
import { z } from 'zod';
import { parseImport, responseImport, type DomesticOrder } from './fio-import';

/**
 * Fio banka's account API ("API Bankovnictví", JSON format) at its real paths under `/fio`:
 * `GET /v1/rest/periods/{token}/{from}/{to}/transactions.json`, `GET /v1/rest/last/{token}/transactions.json`
 * (movements since the last download) and `GET /v1/rest/set-last-id/{token}/{id}/`. Each movement
 * is an object of `columnN: { value, name, id }` (null when empty); amounts are decimal crowns.
 * Fio allows one request per token every 30 s and answers 409 otherwise (`minIntervalMs`).
 * Payment orders come in by `POST /v1/rest/import/` (see fio-import.ts) with the token allowed to
 * import; they wait for a signature in internet banking (`authorize` here, the admin API's), and
 * then leave the account as outgoing movements (negative amounts) of the statement.
 */
export const BankTransferRequest = z.object({
  amount: z.number().positive(),
  currency: z.string().length(3).default('CZK'),
  variableSymbol: z.string().regex(/^\d{0,10}$/).default(''),
  message: z.string().max(140).default(''),
  counterAccount: z.string().default('2000145399'),
  counterBankCode: z.string().default('0800'),
  counterName: z.string().default('Jan Novák'),
  /** YYYY-MM-DD; today by default. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export type BankTransferRequest = z.infer<typeof BankTransferRequest>;

type Movement = Omit<BankTransferRequest, 'amount'> & { id: number; date: string; amount: number };

/** An imported payment order: `waiting` for a signature in internet banking, then `sent`. */
export type ImportedOrder = DomesticOrder & { id: number; instructionId: number; state: 'waiting' | 'sent'; movementId: number | null };

export class FioBank {
  private readonly movements: Movement[] = [];
  // Fio's movement ids are unique for good; a restarted simulator must not hand out old ones again
  // (the billing service keeps every movement it read, by id), so they start from the clock.
  private nextId = 26_000_000_000 + (Date.now() % 1_000_000_000) * 10;
  private lastDownloadedId = 0;
  private lastRequestAt = 0;
  private readonly orders: ImportedOrder[] = [];
  private nextInstruction = 100_000_000 + (Date.now() % 100_000_000);

  constructor(readonly token: string, readonly accountId: string, readonly iban: string, private readonly minIntervalMs = 0, readonly paymentToken = `${token}-payments`) {}

  listOrders(): ImportedOrder[] {
    return [...this.orders];
  }

  /** What a person's signature in internet banking does: the orders of a batch leave the account. */
  authorize(instructionId: number): ImportedOrder[] {
    const batch = this.orders.filter((o) => o.instructionId === instructionId && o.state === 'waiting');
    for (const o of batch) {
      const m: Movement = {
        id: this.nextId++, date: new Date().toISOString().slice(0, 10), amount: -Number(o.amount), currency: o.currency,
        variableSymbol: o.vs ?? '', message: o.messageForRecipient ?? '', counterAccount: o.accountTo, counterBankCode: o.bankCode, counterName: '',
      };
      this.movements.push(m);
      o.state = 'sent';
      o.movementId = m.id;
    }
    return batch;
  }

  add(req: BankTransferRequest): Movement {
    const m = { ...req, id: this.nextId++, date: req.date ?? new Date().toISOString().slice(0, 10) };
    this.movements.push(m);
    return m;
  }

  list(): Movement[] {
    return [...this.movements];
  }

  reset(): void {
    this.movements.length = 0;
    this.lastDownloadedId = 0;
    this.lastRequestAt = 0;
    this.orders.length = 0;
  }

  router(): Router {
    const r = Router();
    r.post('/v1/rest/import', express.raw({ type: 'multipart/form-data', limit: '2mb' }), (req, res) => void this.importOrders(req, res));
    r.use('/v1/rest/:kind/:token', (req, res, next) => {
      if (req.params.token !== this.token) return void res.status(401).type('text/plain').send('Neplatný token');
      const now = Date.now();
      if (this.minIntervalMs > 0 && now - this.lastRequestAt < this.minIntervalMs) {
        return void res.status(409).type('text/plain').send('Překročen limit: jeden požadavek za 30 s');
      }
      this.lastRequestAt = now;
      next();
    });
    r.get('/v1/rest/periods/:token/:from/:to/transactions.json', (req, res) => {
      const { from, to } = req.params;
      res.json(this.statement(this.movements.filter((m) => m.date >= from && m.date <= to), from, to));
    });
    r.get('/v1/rest/last/:token/transactions.json', (_req, res) => {
      const fresh = this.movements.filter((m) => m.id > this.lastDownloadedId);
      const today = new Date().toISOString().slice(0, 10);
      const answer = this.statement(fresh, fresh[0]?.date ?? today, today);
      if (fresh.length) this.lastDownloadedId = fresh[fresh.length - 1].id;
      res.json(answer);
    });
    r.get('/v1/rest/set-last-id/:token/:id', (req, res) => {
      this.lastDownloadedId = Number(req.params.id);
      res.status(200).end();
    });
    return r;
  }

  /** Fio answers an import with XML; a wrong token is 500 in Fio's API (as for statements: "token inactive"). */
  private async importOrders(req: express.Request, res: express.Response): Promise<void> {
    const xml = (body: string, status = 200) => void res.status(status).type('application/xml').send(body);
    if (!Buffer.isBuffer(req.body)) return xml(responseImport({ errorCode: 11, message: 'multipart/form-data with token, type and file expected' }), 400);
    let form: FormData;
    try {
      form = await new Response(req.body, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
    } catch {
      return xml(responseImport({ errorCode: 11, message: 'multipart/form-data could not be read' }), 400);
    }
    if (form.get('token') !== this.paymentToken) return void res.status(500).type('text/plain').send('Neplatný token nebo token bez práva importu');
    if (form.get('type') !== 'xml') return xml(responseImport({ errorCode: 11, message: 'type must be xml (abo and pain001 are not simulated)' }));
    const file = form.get('file');
    if (!file || typeof file === 'string') return xml(responseImport({ errorCode: 11, message: 'file is missing' }));
    const parsed = parseImport(await file.text());
    if ('error' in parsed) return xml(responseImport({ errorCode: 11, message: parsed.error }));
    const foreign = parsed.orders.find((o) => o.accountFrom !== this.accountId);
    if (foreign) return xml(responseImport({ errorCode: 11, message: `accountFrom ${foreign.accountFrom} is not the token's account ${this.accountId}` }));
    const instructionId = this.nextInstruction++;
    for (const o of parsed.orders) this.orders.push({ ...o, id: this.orders.length + 1, instructionId, state: 'waiting', movementId: null });
    const debit = parsed.orders.reduce((sum, o) => sum + Math.round(Number(o.amount) * 100), 0);
    xml(responseImport({ idInstruction: instructionId, debit: (debit / 100).toFixed(2) }));
  }

  private statement(movements: Movement[], from: string, to: string) {
    const col = (id: number, name: string, value: string | number | null) => (value === null || value === '' ? null : { value, name, id });
    return {
      accountStatement: {
        info: {
          accountId: this.accountId, bankId: '2010', currency: 'CZK', iban: this.iban, bic: 'FIOBCZPPXXX',
          openingBalance: 0, closingBalance: movements.reduce((s, m) => s + m.amount, 0),
          dateStart: `${from}+0100`, dateEnd: `${to}+0100`, yearList: null, idList: null,
          idFrom: movements[0]?.id ?? null, idTo: movements[movements.length - 1]?.id ?? null, idLastDownload: this.lastDownloadedId || null,
        },
        transactionList: {
          transaction: movements.map((m) => ({
            column22: col(22, 'ID pohybu', m.id),
            column0: col(0, 'Datum', `${m.date}+0100`),
            column1: col(1, 'Objem', m.amount),
            column14: col(14, 'Měna', m.currency),
            column2: col(2, 'Protiúčet', m.counterAccount),
            column10: col(10, 'Název protiúčtu', m.counterName),
            column3: col(3, 'Kód banky', m.counterBankCode),
            column12: null,
            column4: null,
            column5: col(5, 'VS', m.variableSymbol),
            column6: null,
            column7: col(7, 'Uživatelská identifikace', m.counterName),
            column16: col(16, 'Zpráva pro příjemce', m.message),
            column8: col(8, 'Typ', m.amount < 0 ? 'Bezhotovostní platba' : 'Bezhotovostní příjem'),
            column9: null,
            column18: null,
            column25: col(25, 'Komentář', m.message),
            column26: null,
            column17: col(17, 'ID pokynu', m.id + 1_000_000),
          })),
        },
      },
    };
  }
}
