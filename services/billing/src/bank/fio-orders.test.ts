import { domesticOrderXml, parseImportAnswer, payeeOf } from './fio-orders';

describe('Fio payment orders', () => {
  const order = {
    accountFrom: '2401234560/2010', amount: 99_050, currency: 'CZK' as const, accountTo: '19-2000145399', bankCode: '0800',
    variableSymbol: '2611250001', messageForRecipient: 'Vrácení platby <Reality Radar> & dobropis DB-2026-000001', date: '2026-11-25',
  };

  it('writes one domestic order in the import format: our account without the bank code, crowns with two decimals, escaped text', () => {
    const xml = domesticOrderXml(order);
    expect(xml).toContain('<Import xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.fio.cz/schema/importIB.xsd"><Orders><DomesticTransaction>');
    expect(xml).toContain('<accountFrom>2401234560</accountFrom><currency>CZK</currency><amount>990.50</amount><accountTo>19-2000145399</accountTo><bankCode>0800</bankCode><vs>2611250001</vs><date>2026-11-25</date>');
    expect(xml).toContain('<messageForRecipient>Vrácení platby &lt;Reality Radar&gt; &amp; dobropis DB-2026-000001</messageForRecipient><paymentType>431001</paymentType>');
  });

  it('cuts the message to 140 characters', () => {
    const xml = domesticOrderXml({ ...order, messageForRecipient: 'x'.repeat(200) });
    expect(xml).toContain(`<messageForRecipient>${'x'.repeat(140)}</messageForRecipient>`);
  });

  it('reads the batch id of an accepted import and the words of a refused one', () => {
    expect(parseImportAnswer('<?xml version="1.0"?><responseImport><result><errorCode>0</errorCode><idInstruction>105312201</idInstruction><status>ok</status></result></responseImport>'))
      .toEqual({ ok: true, instructionId: '105312201' });
    expect(parseImportAnswer('<responseImport><result><errorCode>11</errorCode><status>error</status><message>bankCode</message></result></responseImport>'))
      .toEqual({ ok: false, errorCode: '11', message: 'bankCode' });
    expect(parseImportAnswer('Neplatný token')).toMatchObject({ ok: false, errorCode: 'unreadable' });
  });

  it('takes the payee from the statement only when account and bank code are whole', () => {
    expect(payeeOf('19-2000145399', '0800')).toEqual({ accountTo: '19-2000145399', bankCode: '0800' });
    expect(payeeOf(null, '0800')).toBeNull();
    expect(payeeOf('2000145399', null)).toBeNull();
    expect(payeeOf('CZ6508000000192000145399', '0800')).toBeNull();
  });
});
