import { isValidDic, isValidIban, isValidIco } from './billing-info';

/**
 * The company that runs Reality Radar, in one place: the footer and contact page show it, and the
 * billing service puts it on every tax document as the supplier (its `SUPPLIER_*` settings default
 * to it and are checked the same way at start). The company is not registered yet, so the record is
 * a stand-in with identifiers that pass their checks (docs/decisions.md); at launch this record and
 * the production settings take the registered company's.
 */
export type Operator = {
  name: string;
  street: string;
  postalCode: string;
  city: { cs: string; en: string };
  country: 'CZ';
  ico: string;
  dic: string;
  register: { cs: string; en: string };
  email: string;
};

export const OPERATOR: Operator = {
  name: 'Reality Radar s.r.o.',
  street: 'Vinohradská 1',
  postalCode: '120 00',
  city: { cs: 'Praha 2', en: 'Prague 2' },
  country: 'CZ',
  ico: '21987653',
  dic: 'CZ21987653',
  register: { cs: 'Zapsáno u Městského soudu v Praze, oddíl C.', en: 'Registered with the Municipal Court in Prague, section C.' },
  email: 'info@realityradar.cz',
};

/** An IČO as Czech documents print it: `219 87 653`. */
export const formatIco = (ico: string) => ico.replace(/^(\d{3})(\d{2})(\d{3})$/, '$1 $2 $3');

/** What is wrong with a supplier identity (empty when nothing): checked where it is configured. */
export function supplierProblems(s: { ico: string; dic: string | null; postalCode: string; iban?: string }): string[] {
  const problems: string[] = [];
  if (!isValidIco(s.ico)) problems.push(`IČO ${s.ico} fails its check digit`);
  if (s.dic !== null && (!isValidDic(s.dic) || (s.dic.replace(/\s+/g, '').length === 10 && s.dic.replace(/\s+/g, '').slice(2) !== s.ico))) {
    problems.push(`DIČ ${s.dic} is not CZ + the IČO ${s.ico}`);
  }
  if (!/^\d{3} ?\d{2}$/.test(s.postalCode)) problems.push(`postal code ${s.postalCode} is not five digits`);
  if (s.iban !== undefined && !isValidIban(s.iban)) problems.push(`IBAN ${s.iban} fails its check digits`);
  return problems;
}
