import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { convert } from 'xmlbuilder2';
import { waitFor, waitForValue } from '@rr/kit/testing';
import { BILLING, startBilling } from './stack';

type Stack = Awaited<ReturnType<typeof startBilling>>;

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rr-invoice-')), 'invoice.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

/** The published ISDOC 6.0.2 schema, put in .cache/isdoc by scripts/bootstrap.sh. */
const ISDOC_XSD = path.resolve(__dirname, '../../../.cache/isdoc/isdoc-invoice-6.0.2.xsd');

/** xmllint's verdict on a document against the ISDOC schema: '' when valid, else its messages. */
function isdocSchemaErrors(xml: string): string {
  if (!existsSync(ISDOC_XSD)) throw new Error(`${ISDOC_XSD} is missing: run scripts/bootstrap.sh (it fetches the ISDOC schema and installs xmllint)`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rr-isdoc-')), 'invoice.isdoc');
  writeFileSync(file, xml);
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', ISDOC_XSD, file], { encoding: 'utf8' });
  if (run.error) throw new Error(`xmllint could not run (install libxml2-utils: scripts/bootstrap.sh): ${run.error.message}`);
  return run.status === 0 ? '' : run.stderr;
}

describe('invoices', () => {
  let s: Stack;
  let n = 0;
  const newUser = () => `i_${Date.now().toString(36)}_${n++}`;
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    s = await startBilling();
    await s.watch('invoice.issued');
    await s.watch('subscription.changed');
  }, 60_000);
  afterAll(async () => s?.stop(), 30_000);

  const order = async (userId: string, over: Record<string, unknown> = {}) => {
    const res = await s.call('POST', '/billing/checkout', userId, { tier: 'STANDARD', period: 'month', method: 'bank-transfer', billing: BILLING, immediateStart: true, termsAccepted: true, ...over });
    expect(res.status).toBe(200);
    return res.body.data.payment as { id: string; variableSymbol: string; amount: number; gatewayUrl: string | null };
  };
  const transfer = (amount: number, variableSymbol: string) =>
    fetch(`${s.sim.url}/admin/fio/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount, variableSymbol }) });

  it('numbers the documents of 50 payments settled at once 1…50 without a gap or a duplicate, one per payment', async () => {
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await order(newUser()));
    await s.parts.deps.bank.record(orders.map((o, i) => ({ id: `m-${Date.now()}-${i}`, variableSymbol: o.variableSymbol, amount: o.amount, currency: 'CZK', counterAccount: null, counterBankCode: null, message: null, date: '2026-11-25' })));
    const payments = await Promise.all(orders.map((o) => s.parts.deps.payments.findById(o.id)));
    // Every payment settled concurrently, ten of them twice at the same moment (a duplicate notification).
    await Promise.all([...payments, ...payments.slice(0, 10)].map((p) => s.parts.settlement.refresh(p!)));

    const invoices = await s.parts.deps.invoices.model.find({ series: 'FV', year }).lean().exec();
    expect(invoices).toHaveLength(50);
    expect(invoices.map((i) => i.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(invoices.map((i) => i.paymentId))).toEqual(new Set(orders.map((o) => o.id)));
    expect(invoices[0]._id).toMatch(new RegExp(`^FV-${year}-0000\\d\\d$`));
    await waitFor(() => s.seen('invoice.issued').length >= 50, 15_000, '50 invoice.issued events');
  }, 120_000);

  it('renders a simplified tax document for a consumer with Czech diacritics, VAT split and the variable symbol', async () => {
    const userId = newUser();
    const o = await order(userId);
    await transfer(199, o.variableSymbol);
    await s.parts.reconciler.round();
    const [inv] = (await s.call('GET', '/billing/invoices', userId)).body.data;
    expect(inv).toMatchObject({ kind: 'simplified', total: 19_900 });

    const res = await fetch(`${s.api}/billing/invoices/${inv.id}/pdf?token=${s.tokenFor(userId)}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`${inv.id}.pdf`);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      'Zjednodušený daňový doklad', `Číslo dokladu: ${inv.id}`, 'Reality Radar s.r.o.', 'Vinohradská 1', 'IČO: 21987653', 'DIČ: CZ21987653', 'Hnězdenská 12',
      'Jana Nováková', 'Předplatné Reality Radar Standard na 1 měsíc', 'Datum uskutečnění zdanitelného plnění', `Variabilní symbol: ${o.variableSymbol}`,
      'Základ daně (21 %): 164,46 Kč', 'DPH 21 %: 34,54 Kč', 'Celkem k úhradě: 199,00 Kč',
    ]) expect(text).toContain(expected);

    type Mail = { subject: string; to: Array<{ address: string }>; attachments?: Array<{ fileName: string; contentType: string }> };
    const mail = await waitForValue('invoice mail', async () => {
      const all = (await (await fetch(`${process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080'}/email`)).json()) as Mail[];
      return all.find((m) => m.to.some((t) => t.address === `${userId}@example.cz`) && m.subject === `Reality Radar – Daňový doklad ${inv.id}`);
    }, 15_000);
    expect(mail.attachments?.[0]).toMatchObject({ fileName: `${inv.id}.pdf`, contentType: 'application/pdf' });

    expect((await fetch(`${s.api}/billing/invoices/${inv.id}/pdf?token=${s.tokenFor(newUser())}`)).status).toBe(404);
    expect((await fetch(`${s.api}/billing/invoices/${inv.id}/pdf`)).status).toBe(401);
  }, 60_000);

  it('issues a full invoice with IČO and DIČ to a business, and the same as ISDOC', async () => {
    const userId = newUser();
    const o = await order(userId, { tier: 'PROFI', period: 'year', billing: { ...BILLING, name: 'Realitní kancelář Šťastný s.r.o.', ico: '27082440', dic: 'CZ27082440' } });
    await transfer(9_900, o.variableSymbol);
    await s.parts.reconciler.round();
    const [inv] = (await s.call('GET', '/billing/invoices', userId)).body.data;
    expect(inv.kind).toBe('invoice');
    const text = pdfText(Buffer.from(await (await fetch(`${s.api}/billing/invoices/${inv.id}/pdf?token=${s.tokenFor(userId)}`)).arrayBuffer()));
    for (const expected of ['Faktura – daňový doklad', 'Realitní kancelář Šťastný s.r.o.', 'IČO: 27082440', 'DIČ: CZ27082440', 'Celkem k úhradě: 9 900,00 Kč']) expect(text).toContain(expected);

    const xml = await (await fetch(`${s.api}/billing/invoices/${inv.id}/isdoc?token=${s.tokenFor(userId)}`)).text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed XML asserted field by field
    const doc = (convert(xml, { format: 'object' }) as any).Invoice;
    expect(doc['@xmlns']).toBe('http://isdoc.cz/namespace/2013');
    expect(doc['@version']).toBe('6.0.2');
    expect(doc).toMatchObject({ DocumentType: '1', ID: inv.id, LocalCurrencyCode: 'CZK' });
    expect(doc.AccountingCustomerParty.Party.PartyIdentification.ID).toBe('27082440');
    expect(doc.AccountingCustomerParty.Party.PartyTaxScheme.CompanyID).toBe('CZ27082440');
    expect(doc.LegalMonetaryTotal).toMatchObject({ TaxExclusiveAmount: '8181.82', TaxInclusiveAmount: '9900.00', PayableAmount: '0.00' });
    expect(doc.TaxTotal.TaxAmount).toBe('1718.18');
    expect(doc.PaymentMeans.Payment.Details.VariableSymbol).toBe(o.variableSymbol);
    expect(isdocSchemaErrors(xml)).toBe('');
  }, 60_000);

  it('refunds a card payment by an administrator with a credit note, and a full refund ends the tier', async () => {
    const userId = newUser();
    const o = await order(userId, { method: 'card' });
    await fetch(o.gatewayUrl!, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    await waitFor(async () => !!(await s.parts.deps.invoices.findBySource(`payment:${o.id}`)), 15_000, 'invoice of the card payment');
    const original = (await s.parts.deps.invoices.findBySource(`payment:${o.id}`))!;

    const forbidden = await s.call('POST', `/billing/admin/payments/${o.id}/refund`, userId, {});
    expect(forbidden.status).toBe(403);
    const adminToken = s.tokenFor('admin', { role: 10000 });
    const refund = await fetch(`${s.api}/billing/admin/payments/${o.id}/refund`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: '{}' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API JSON asserted field by field
    const body = ((await refund.json()) as any).data;
    expect(body.payment.state).toBe('refunded');
    expect(body.creditNote).toMatchObject({ kind: 'credit-note', total: -19_900 });
    expect(body.creditNote.number).toMatch(new RegExp(`^DB-${year}-000001$`));

    const note = (await s.parts.deps.invoices.findById(body.creditNote.id))!;
    expect(note.correctsNumber).toBe(original._id);
    // A card payment's documents (no bank details) are valid ISDOC too.
    for (const id of [original._id, note._id]) {
      expect(isdocSchemaErrors(await (await fetch(`${s.api}/billing/invoices/${id}/isdoc?token=${s.tokenFor(userId)}`)).text())).toBe('');
    }
    const text = pdfText(Buffer.from(await (await fetch(`${s.api}/billing/invoices/${note._id}/pdf?token=${s.tokenFor(userId)}`)).arrayBuffer()));
    expect(text).toContain('Opravný daňový doklad (dobropis)');
    expect(text).toContain(`Opravuje doklad: ${original._id}`);
    expect(text).toContain('-199,00 Kč');
    const ended = await waitForValue('expired subscription', () => s.seen('subscription.changed').find((e) => e.data.userId === userId && e.data.status === 'expired'), 15_000);
    expect(ended.data).toMatchObject({ role: 1, roleExpiresAt: null });
  }, 60_000);

  it('writes ISDOC that the published 6.0.2 schema accepts for a simplified document and a credit note, and the check catches a broken one', async () => {
    const userId = newUser();
    const o = await order(userId);
    await transfer(199, o.variableSymbol);
    await s.parts.reconciler.round();
    const [inv] = (await s.call('GET', '/billing/invoices', userId)).body.data;
    expect(inv.kind).toBe('simplified');
    const isdocOf = async (id: string) => (await fetch(`${s.api}/billing/invoices/${id}/isdoc?token=${s.tokenFor(userId)}`)).text();
    const simplified = await isdocOf(inv.id);
    expect(isdocSchemaErrors(simplified)).toBe('');
    // The validation is real: a document without its mandatory UUID fails it.
    expect(isdocSchemaErrors(simplified.replace(/<UUID>[^<]*<\/UUID>/, ''))).toMatch(/UUID|element/);

    const refund = await fetch(`${s.api}/billing/admin/payments/${o.id}/refund`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.tokenFor('admin', { role: 10000 })}` }, body: JSON.stringify({ amount: 5_000 }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API JSON
    const note = ((await refund.json()) as any).data.creditNote;
    expect(note.kind).toBe('credit-note');
    expect(isdocSchemaErrors(await isdocOf(note.id))).toBe('');
  }, 60_000);
});
