import { nameKeysOf, parseUserSearch, prefixRange, searchKey } from './user-search';

describe('admin user search', () => {
  it('treats text with @ as an e-mail prefix in lower case', () => {
    expect(parseUserSearch(' Jana.N@Sez ')).toEqual({ kind: 'email', prefix: 'jana.n@sez' });
  });
  it('normalises a Czech telephone to E.164 for an exact match', () => {
    expect(parseUserSearch('777 123 456')).toEqual({ kind: 'telephone', telephone: '+420777123456' });
    expect(parseUserSearch('+420 777 123 456')).toEqual({ kind: 'telephone', telephone: '+420777123456' });
  });
  it('searches other text by name and e-mail prefix, and user ids directly', () => {
    expect(parseUserSearch('Dvořák')).toEqual({ kind: 'text', prefix: 'dvořák' });
    expect(parseUserSearch('u_0123456789abcdef')).toEqual({ kind: 'id', id: 'u_0123456789abcdef' });
    expect(parseUserSearch('  ')).toEqual({ kind: 'all' });
  });
  it('keys names without diacritics so "dvorak" finds Dvořák', () => {
    expect(searchKey('Jiří  Dvořák')).toBe('jiri dvorak');
    expect(nameKeysOf('Jiří', 'Dvořák')).toEqual({ nameKey: 'jiri dvorak', surnameKey: 'dvorak' });
    expect(nameKeysOf(null, null)).toEqual({ nameKey: null, surnameKey: null });
  });
  it('bounds a prefix range so that it holds every longer string and nothing after it', () => {
    const r = prefixRange('jan');
    expect('jana@x.cz' >= r.$gte && 'jana@x.cz' < r.$lt).toBe(true);
    expect('jao' < r.$lt).toBe(false);
  });
});
