import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';

/**
 * Fio banka's payment-order import ("API Bankovnictví", chapter import): `POST /v1/rest/import/` as
 * multipart/form-data with `token` (one allowed to import orders), `type` (`xml`), `lng` and
 * `file`, an `<Import><Orders>…</Orders></Import>` document (schema importIB.xsd). Imported orders
 * wait for a person to sign them in internet banking; the answer is a `responseImport` document.
 */
const DomesticTransaction = z.object({
  accountFrom: z.string().regex(/^\d{1,16}$/, 'accountFrom'),
  currency: z.literal('CZK'),
  amount: z.string().regex(/^\d{1,15}\.\d{2}$/, 'amount'),
  accountTo: z.string().regex(/^(\d{1,6}-)?\d{2,10}$/, 'accountTo'),
  bankCode: z.string().regex(/^\d{4}$/, 'bankCode'),
  ks: z.string().regex(/^\d{1,4}$/).optional(),
  vs: z.string().regex(/^\d{1,10}$/, 'vs').optional(),
  ss: z.string().regex(/^\d{1,10}$/).optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date'),
  messageForRecipient: z.string().max(140).optional(),
  comment: z.string().max(255).optional(),
  paymentType: z.enum(['431001', '431004', '431005', '431022']).optional(),
});
export type DomesticOrder = z.infer<typeof DomesticTransaction>;

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name) => name === 'DomesticTransaction' });

/** The domestic orders of an import document, or why Fio would refuse it (its error code 11: syntax). */
export function parseImport(xml: string): { orders: DomesticOrder[] } | { error: string } {
  let doc: { Import?: { Orders?: { DomesticTransaction?: unknown[] } } };
  try {
    doc = parser.parse(xml, true) as typeof doc;
  } catch (err) {
    return { error: `not well-formed XML: ${(err as Error).message}` };
  }
  const list = doc.Import?.Orders?.DomesticTransaction;
  if (!list || list.length === 0) return { error: 'no <Import><Orders><DomesticTransaction> in the file' };
  const orders: DomesticOrder[] = [];
  for (const [i, raw] of list.entries()) {
    const parsed = DomesticTransaction.safeParse(raw);
    if (!parsed.success) return { error: `order ${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join(', ')}` };
    orders.push(parsed.data);
  }
  return { orders };
}

/** Fio's answer: errorCode 0 and status ok with the batch (instruction) id, or an error with a message. */
export function responseImport(result: { idInstruction: number; debit: string } | { errorCode: number; message: string }): string {
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<responseImport xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.fio.cz/schema/responseImport.xsd">';
  if ('errorCode' in result) {
    return `${head}<result><errorCode>${result.errorCode}</errorCode><status>error</status><message>${escapeXml(result.message)}</message></result></responseImport>`;
  }
  return `${head}<result><errorCode>0</errorCode><idInstruction>${result.idInstruction}</idInstruction><status>ok</status>`
    + `<sums><sum id="CZK"><sumCredit>0</sumCredit><sumDebet>${result.debit}</sumDebet></sum></sums></result>`
    + '<ordersDetails><detail id="1"><messages><message status="ok" errorCode="0">OK</message></messages></detail></ordersDetails></responseImport>';
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
