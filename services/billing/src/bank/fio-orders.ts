import { XMLParser } from 'fast-xml-parser';

/** A domestic payment order in Fio's import format (importIB.xsd, `DomesticTransaction`). */
export type DomesticOrder = {
  /** Our account without the bank code, as Fio wants it. */
  accountFrom: string;
  /** Haléře. */
  amount: number;
  currency: 'CZK';
  /** The payee's account (`prefix-number`) and bank code. */
  accountTo: string;
  bankCode: string;
  variableSymbol: string;
  messageForRecipient: string;
  /** YYYY-MM-DD, the day it is due. */
  date: string;
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * The import document for one order. `paymentType` 431001 is a standard domestic payment; the
 * message is cut to Fio's 140 characters, the symbol to its 10 digits.
 */
export function domesticOrderXml(o: DomesticOrder): string {
  const el = (name: string, value: string) => (value ? `<${name}>${escapeXml(value)}</${name}>` : '');
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + '<Import xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.fio.cz/schema/importIB.xsd">'
    + '<Orders><DomesticTransaction>'
    + el('accountFrom', o.accountFrom.replace(/\/\d{4}$/, ''))
    + el('currency', o.currency)
    + el('amount', (o.amount / 100).toFixed(2))
    + el('accountTo', o.accountTo)
    + el('bankCode', o.bankCode)
    + el('vs', o.variableSymbol.replace(/\D/g, '').slice(0, 10))
    + el('date', o.date)
    + el('messageForRecipient', o.messageForRecipient.slice(0, 140))
    + el('paymentType', '431001')
    + '</DomesticTransaction></Orders></Import>';
}

export type ImportAnswer = { ok: true; instructionId: string } | { ok: false; errorCode: string; message: string };

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

/** Fio's `responseImport`: errorCode 0 (status ok) with the batch id, anything else refused with Fio's words. */
export function parseImportAnswer(xml: string): ImportAnswer {
  let result: { errorCode?: string; idInstruction?: string; status?: string; message?: string } | undefined;
  try {
    result = (parser.parse(xml) as { responseImport?: { result?: typeof result } }).responseImport?.result;
  } catch {
    result = undefined;
  }
  if (!result) return { ok: false, errorCode: 'unreadable', message: `not a Fio import answer: ${xml.slice(0, 120)}` };
  if (result.errorCode === '0' && result.idInstruction) return { ok: true, instructionId: result.idInstruction };
  return { ok: false, errorCode: result.errorCode ?? '?', message: result.message ?? result.status ?? 'refused' };
}

/** A Fio counter-account as `prefix-number` and bank code, or null when the statement has none. */
export function payeeOf(counterAccount: string | null, bankCode: string | null): { accountTo: string; bankCode: string } | null {
  if (!counterAccount || !bankCode || !/^\d{4}$/.test(bankCode)) return null;
  const accountTo = counterAccount.replace(/\s/g, '').replace(/\/\d{4}$/, '');
  return /^(\d{1,6}-)?\d{2,10}$/.test(accountTo) ? { accountTo, bankCode } : null;
}
