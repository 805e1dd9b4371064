import { createHash } from 'node:crypto';
import { create } from 'xmlbuilder2';
import { PRAGUE_TIME_ZONE } from '@rr/proto';
import type { InvoiceRecord, Party } from './invoice.model';

/** ISDOC 6.0.2 document types: 1 invoice, 2 credit note, 7 simplified tax document. */
const DOCUMENT_TYPE: Record<InvoiceRecord['kind'], string> = { invoice: '1', 'credit-note': '2', simplified: '7' };

const amount = (halere: number) => (halere / 100).toFixed(2);
const day = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: PRAGUE_TIME_ZONE }).format(d);

/** A stable UUID per document (ISDOC requires one), derived from its number. */
function uuidOf(number: string): string {
  const h = createHash('sha1').update(`realityradar:${number}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}

/**
 * ISDOC (the Czech e-invoice standard, namespace `http://isdoc.cz/namespace/2013`, version 6.0.2)
 * that Pohoda, Money S3, iDoklad or Fakturoid import. One line, one VAT rate, already paid.
 */
/** The account bank transfers are paid to, as ISDOC's BankAccount group wants it. */
export type IsdocBankAccount = { account: string; bankCode: string; bankName: string; iban: string; bic: string };

/** From the settings: `BANK_ACCOUNT` is `[prefix-]number/bank code`. */
export function isdocBankOf(c: { BANK_ACCOUNT: string; BANK_IBAN: string; BANK_NAME: string; BANK_BIC: string }): IsdocBankAccount {
  const [account, bankCode] = c.BANK_ACCOUNT.split('/');
  return { account, bankCode, bankName: c.BANK_NAME, iban: c.BANK_IBAN, bic: c.BANK_BIC };
}

export function renderIsdoc(inv: InvoiceRecord, bank: IsdocBankAccount): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://isdoc.cz/namespace/2013', 'Invoice', { version: '6.0.2' });
  root.ele('DocumentType').txt(DOCUMENT_TYPE[inv.kind]);
  root.ele('ID').txt(inv._id);
  root.ele('UUID').txt(uuidOf(inv._id));
  root.ele('IssueDate').txt(day(inv.issuedAt));
  root.ele('TaxPointDate').txt(day(inv.taxableSupplyAt));
  root.ele('VATApplicable').txt('true');
  root.ele('ElectronicPossibilityAgreementReference').txt('');
  root.ele('Note').txt(inv.item.description.cs);
  root.ele('LocalCurrencyCode').txt('CZK');
  root.ele('CurrRate').txt('1');
  root.ele('RefCurrRate').txt('1');
  party(root.ele('AccountingSupplierParty'), inv.supplier);
  party(root.ele('AccountingCustomerParty'), inv.customer);
  if (inv.correctsNumber) root.ele('OriginalDocumentReferences').ele('OriginalDocumentReference').ele('ID').txt(inv.correctsNumber);

  const line = root.ele('InvoiceLines').ele('InvoiceLine');
  line.ele('ID').txt('1');
  line.ele('InvoicedQuantity', { unitCode: 'C62' }).txt(inv.total < 0 ? '-1' : '1');
  line.ele('LineExtensionAmount').txt(amount(inv.base));
  line.ele('LineExtensionAmountTaxInclusive').txt(amount(inv.total));
  line.ele('LineExtensionTaxAmount').txt(amount(inv.vat));
  line.ele('UnitPrice').txt(amount(Math.abs(inv.base)));
  line.ele('UnitPriceTaxInclusive').txt(amount(Math.abs(inv.total)));
  const category = line.ele('ClassifiedTaxCategory');
  category.ele('Percent').txt(String(inv.vatRate));
  category.ele('VATCalculationMethod').txt('1');
  line.ele('Item').ele('Description').txt(inv.item.description.cs);

  const tax = root.ele('TaxTotal');
  const sub = tax.ele('TaxSubTotal');
  sub.ele('TaxableAmount').txt(amount(inv.base));
  sub.ele('TaxAmount').txt(amount(inv.vat));
  sub.ele('TaxInclusiveAmount').txt(amount(inv.total));
  sub.ele('AlreadyClaimedTaxableAmount').txt('0.00');
  sub.ele('AlreadyClaimedTaxAmount').txt('0.00');
  sub.ele('AlreadyClaimedTaxInclusiveAmount').txt('0.00');
  sub.ele('DifferenceTaxableAmount').txt(amount(inv.base));
  sub.ele('DifferenceTaxAmount').txt(amount(inv.vat));
  sub.ele('DifferenceTaxInclusiveAmount').txt(amount(inv.total));
  sub.ele('TaxCategory').ele('Percent').txt(String(inv.vatRate));
  tax.ele('TaxAmount').txt(amount(inv.vat));

  const total = root.ele('LegalMonetaryTotal');
  total.ele('TaxExclusiveAmount').txt(amount(inv.base));
  total.ele('TaxInclusiveAmount').txt(amount(inv.total));
  total.ele('AlreadyClaimedTaxExclusiveAmount').txt('0.00');
  total.ele('AlreadyClaimedTaxInclusiveAmount').txt('0.00');
  total.ele('DifferenceTaxExclusiveAmount').txt(amount(inv.base));
  total.ele('DifferenceTaxInclusiveAmount').txt(amount(inv.total));
  total.ele('PayableRoundingAmount').txt('0.00');
  total.ele('PaidDepositsAmount').txt(amount(inv.total));
  total.ele('PayableAmount').txt('0.00');

  const payment = root.ele('PaymentMeans').ele('Payment');
  payment.ele('PaidAmount').txt(amount(inv.total));
  // 42 bank transfer, 48 card (UN/ECE 4461).
  payment.ele('PaymentMeansCode').txt(inv.method === 'card' ? '48' : '42');
  // Details name the account paid to (a transfer); the schema has no Details without one.
  if (inv.method !== 'card') {
    const details = payment.ele('Details');
    details.ele('PaymentDueDate').txt(day(inv.issuedAt));
    details.ele('ID').txt(bank.account);
    details.ele('BankCode').txt(bank.bankCode);
    details.ele('Name').txt(bank.bankName);
    details.ele('IBAN').txt(bank.iban);
    details.ele('BIC').txt(bank.bic);
    details.ele('VariableSymbol').txt(inv.variableSymbol);
  }
  return root.end({ prettyPrint: true });
}

function party(parent: ReturnType<ReturnType<typeof create>['ele']>, p: Party): void {
  const party = parent.ele('Party');
  party.ele('PartyIdentification').ele('ID').txt(p.ico ?? '');
  party.ele('PartyName').ele('Name').txt(p.name);
  const address = party.ele('PostalAddress');
  address.ele('StreetName').txt(p.street);
  address.ele('BuildingNumber').txt('');
  address.ele('CityName').txt(p.city);
  address.ele('PostalZone').txt(p.postalCode.replace(/\s+/g, ''));
  const country = address.ele('Country');
  country.ele('IdentificationCode').txt(p.country);
  country.ele('Name').txt(p.country === 'CZ' ? 'Česká republika' : p.country);
  if (p.dic) {
    const scheme = party.ele('PartyTaxScheme');
    scheme.ele('CompanyID').txt(p.dic);
    scheme.ele('TaxScheme').txt('VAT');
  }
}
