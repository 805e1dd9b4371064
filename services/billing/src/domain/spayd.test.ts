import { spaydOf } from './spayd';

describe('QR Platba (SPAYD)', () => {
  it('writes account, amount with two decimals, currency, due date and variable symbol', () => {
    const s = spaydOf({ iban: 'CZ24 2010 0000 0024 0123 4560', amount: 19_900, currency: 'CZK', variableSymbol: '2611000001', dueDate: new Date('2026-12-09T12:00:00Z') });
    expect(s).toBe('SPD*1.0*ACC:CZ2420100000002401234560*AM:199.00*CC:CZK*DT:20261209*X-VS:2611000001');
  });

  it('percent-encodes diacritics and the separator in the message', () => {
    const s = spaydOf({ iban: 'CZ2420100000002401234560', amount: 99_000, currency: 'CZK', variableSymbol: '1', message: 'Předplatné*rok' });
    expect(s).toContain('MSG:P%C5%99edplatn%C3%A9%2Arok');
    expect(s).toMatch(/^[\x20-\x7e]+$/);
  });

  it('refuses a variable symbol with a leading zero or letters', () => {
    expect(() => spaydOf({ iban: 'CZ2420100000002401234560', amount: 100, currency: 'CZK', variableSymbol: '0123' })).toThrow();
  });
});
