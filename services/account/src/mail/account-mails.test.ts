import { WatchdogCriteria } from '@rr/proto';
import { summariseCriteria } from './account-mails';

const criteria = (overrides: Record<string, unknown> = {}) =>
  WatchdogCriteria.parse({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code: '554782', name: 'Praha' }], ...overrides });

describe('the watchdog summary in e-mails', () => {
  it('names the wanted and refused words and the seller choice in both locales', () => {
    const c = criteria({ words: { any: ['balkon*'], none: ['drazba'] }, seller: 'private' });
    expect(summariseCriteria(c, 'cs')).toEqual(expect.arrayContaining(['Se slovy: balkon*', 'Bez slov: drazba', 'Prodávající: jen soukromí prodejci']));
    expect(summariseCriteria({ ...c, seller: 'agency' }, 'en')).toEqual(expect.arrayContaining(['With words: balkon*', 'Seller: agencies only']));
  });

  it('says nothing of words or sellers the watchdog does not restrict', () => {
    expect(summariseCriteria(criteria(), 'en').some((line) => /words|Seller/.test(line))).toBe(false);
  });
});
