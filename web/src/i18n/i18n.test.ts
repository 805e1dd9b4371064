import { copy as csCopy } from '../modules/content/copy/cs';
import { copy as enCopy } from '../modules/content/copy/en';
import { cs } from './cs';
import { en } from './en';
import { keyPaths, loadDictionary, translate, translatePlural } from './translate';

const shape = (value: unknown) => [...new Set(keyPaths(value).map((p) => p.replace(/\[\d+\]/g, '[]')))].sort();

describe('translations', () => {
  it('has exactly the same keys in Czech and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(cs).sort());
    expect(keyPaths(en).sort()).toEqual(keyPaths(cs).sort());
  });

  it('has the same page copy structure in Czech and English', () => {
    expect(shape(enCopy)).toEqual(shape(csCopy));
  });

  it('leaves no message empty', () => {
    for (const dict of [cs, en]) {
      for (const [key, value] of Object.entries(dict)) {
        const texts = typeof value === 'string' ? [value] : Object.values(value);
        for (const text of texts) expect(`${key}: ${text.trim().length > 0}`).toBe(`${key}: true`);
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (v: unknown) => JSON.stringify(v).match(/\{\w+\}/g)?.sort() ?? [];
    for (const key of Object.keys(cs) as Array<keyof typeof cs>) {
      expect([key, placeholders(en[key])]).toEqual([key, placeholders(cs[key])]);
    }
  });

  it('picks Czech plural forms one, few and other', () => {
    expect(translatePlural('cs', 'filters.sentCount', 1)).toBe('1 e-mail');
    expect(translatePlural('cs', 'filters.sentCount', 3)).toBe('3 e-maily');
    expect(translatePlural('cs', 'filters.sentCount', 5)).toBe('5 e-mailů');
    expect(translatePlural('cs', 'offer.beds', 2)).toBe('2 lůžka');
    expect(translatePlural('cs', 'offer.beds', 0)).toBe('0 lůžek');
  });

  it('uses one and other in English once the dictionary is loaded', async () => {
    await loadDictionary('en');
    expect(translatePlural('en', 'filters.sentCount', 1)).toBe('1 e-mail');
    expect(translatePlural('en', 'filters.sentCount', 3)).toBe('3 e-mails');
    expect(translate('en', 'user.watchdogs', { count: 2 })).toBe('Watchdogs (2)');
  });

  it('fills placeholders and formats numbers per locale', () => {
    expect(translate('cs', 'user.watchdogs', { count: 1200 }).replace(/\u00a0/g, ' ')).toBe('Hlídací psi (1 200)');
    expect(translate('cs', 'validation.emailRequired')).toBe('Váš e-mail je povinná položka');
  });
});
