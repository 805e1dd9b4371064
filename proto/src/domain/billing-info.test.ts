import { isValidDic, isValidIban, isValidIco } from './billing-info';
import { OPERATOR, formatIco, supplierProblems } from './operator';
import { PLANS, periodEnd, vatSplit } from './plans';

describe('IČO and DIČ', () => {
  it('accepts real IČOs by their check digit and refuses a changed digit', () => {
    expect(isValidIco('25596641')).toBe(true);
    expect(isValidIco('00006947')).toBe(true); // Ministry of Finance
    expect(isValidIco('27082440')).toBe(true);
    expect(isValidIco('27082441')).toBe(false);
    expect(isValidIco('1234567')).toBe(false);
    expect(isValidIco('abcdefgh')).toBe(false);
  });

  it('takes the check digit 1 when the remainder is 0 and 0 when it is 1', () => {
    expect(isValidIco('00000001')).toBe(true); // weighted sum 0
    expect(isValidIco('00000060')).toBe(true); // weighted sum 12, remainder 1
    expect(isValidIco('00000061')).toBe(false);
    expect(isValidIco('00000019')).toBe(true); // weighted sum 2 → 11 − 2
  });

  it('accepts CZ + a valid IČO or a 9–10 digit personal number as DIČ', () => {
    expect(isValidDic('CZ27082440')).toBe(true);
    expect(isValidDic('cz 27082440')).toBe(true);
    expect(isValidDic('CZ27082441')).toBe(false);
    expect(isValidDic('CZ8001011234')).toBe(true);
    expect(isValidDic('SK2020202020')).toBe(false);
  });
});

describe('IBAN', () => {
  it('accepts an IBAN whose check digits hold and refuses a changed digit', () => {
    expect(isValidIban('CZ2420100000002401234560')).toBe(true);
    expect(isValidIban('CZ65 0800 0000 1920 0014 5399')).toBe(true);
    expect(isValidIban('CZ2420100000002401234561')).toBe(false);
    expect(isValidIban('2401234560/2010')).toBe(false);
  });
});

describe('the operator', () => {
  it('has an IČO and a DIČ that pass their own checks (the footer and every invoice show them)', () => {
    expect(isValidIco(OPERATOR.ico)).toBe(true);
    expect(supplierProblems({ ico: OPERATOR.ico, dic: OPERATOR.dic, postalCode: OPERATOR.postalCode })).toEqual([]);
    expect(formatIco(OPERATOR.ico)).toBe('219 87 653');
  });

  it('names every problem of a supplier identity', () => {
    expect(supplierProblems({ ico: '21987654', dic: 'CZ21987654', postalCode: '12000', iban: 'CZ2420100000002401234561' })).toEqual([
      'IČO 21987654 fails its check digit', 'DIČ CZ21987654 is not CZ + the IČO 21987654', 'IBAN CZ2420100000002401234561 fails its check digits',
    ]);
    expect(supplierProblems({ ico: '27082440', dic: 'CZ25596641', postalCode: '602 00' })).toEqual(['DIČ CZ25596641 is not CZ + the IČO 27082440']);
    expect(supplierProblems({ ico: '27082440', dic: null, postalCode: '60200' })).toEqual([]);
  });
});

describe('plans', () => {
  it('prices a year at ten months of the monthly price', () => {
    for (const plan of Object.values(PLANS)) expect(plan.price.year).toBe(plan.price.month * 10);
  });

  it('splits a VAT-inclusive price so base and VAT add up to the total', () => {
    expect(vatSplit(9_900)).toEqual({ base: 8_182, vat: 1_718, total: 9_900 });
    for (const total of [9_900, 19_900, 99_000, 4_990_000]) {
      const s = vatSplit(total);
      expect(s.base + s.vat).toBe(total);
    }
  });

  it('ends a month on the same day of the next month, clamped to its last day', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2026-11-25T10:00:00Z'), 'month').toISOString()).toBe('2026-12-25T10:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
