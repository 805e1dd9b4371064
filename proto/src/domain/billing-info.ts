/**
 * Czech business identifiers, free of zod so the checkout form and the billing service share them.
 * IČO: 8 digits, the last a weighted mod-11 check digit (weights 8…2); DIČ of a Czech VAT payer:
 * `CZ` + the IČO (companies) or 9–10 digits (natural persons).
 */
export function isValidIco(value: string): boolean {
  const ico = value.replace(/\s+/g, '');
  if (!/^\d{8}$/.test(ico)) return false;
  const digits = [...ico].map(Number);
  const sum = digits.slice(0, 7).reduce((acc, d, i) => acc + d * (8 - i), 0);
  const rest = sum % 11;
  const check = rest === 0 ? 1 : rest === 1 ? 0 : 11 - rest;
  return check === digits[7];
}

export function isValidDic(value: string): boolean {
  const dic = value.replace(/\s+/g, '').toUpperCase();
  const m = /^CZ(\d{8,10})$/.exec(dic);
  if (!m) return false;
  return m[1].length === 8 ? isValidIco(m[1]) : true;
}

/** An IBAN's ISO 13616 check: the country and check digits moved to the end, letters as numbers, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = [...(iban.slice(4) + iban.slice(0, 4))].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

export const normaliseIco = (value: string) => value.replace(/\s+/g, '');
export const normaliseDic = (value: string) => value.replace(/\s+/g, '').toUpperCase();
