import { BillingConfig, checkBillingConfig } from './config';

const env = {
  JWT_SECRET: 's'.repeat(40), GOPAY_BASE_URL: 'http://gopay.test/api', GOPAY_CLIENT_ID: 'c', GOPAY_CLIENT_SECRET: 's', GOPAY_GOID: '8123456789',
  FIO_BASE_URL: 'http://fio.test', FIO_TOKEN: 't', BANK_ACCOUNT: '2401234560/2010', BANK_IBAN: 'CZ2420100000002401234560',
};

describe('billing configuration', () => {
  it('takes the operator as the supplier by default, with an IČO and DIČ that pass their checks', () => {
    const config = BillingConfig.parse(env);
    expect(config).toMatchObject({ SUPPLIER_NAME: 'Reality Radar s.r.o.', SUPPLIER_ICO: '21987653', SUPPLIER_DIC: 'CZ21987653' });
    expect(() => checkBillingConfig(config)).not.toThrow();
  });

  it('refuses to start with a supplier IČO that fails its check digit, a DIČ of another IČO or a broken IBAN', () => {
    expect(() => checkBillingConfig(BillingConfig.parse({ ...env, SUPPLIER_ICO: '21987654', SUPPLIER_DIC: 'CZ21987654' }))).toThrow(/IČO 21987654 fails its check digit/);
    expect(() => checkBillingConfig(BillingConfig.parse({ ...env, SUPPLIER_ICO: '27082440', SUPPLIER_DIC: 'CZ21987653' }))).toThrow(/DIČ CZ21987653 is not CZ \+ the IČO 27082440/);
    expect(() => checkBillingConfig(BillingConfig.parse({ ...env, BANK_IBAN: 'CZ2420100000002401234561' }))).toThrow(/IBAN CZ2420100000002401234561 fails/);
  });
});
