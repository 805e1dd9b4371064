import { API_DOCS_TEXT } from './i18n';
import { ANALYSIS_TEXT } from '../price-analytics/i18n';

describe('strings kept beside their pages', () => {
  it.each([['api docs', API_DOCS_TEXT], ['price analytics', ANALYSIS_TEXT]] as const)('has the same keys in cs and en, none empty (%s)', (_, text) => {
    expect(Object.keys(text.en).sort()).toEqual(Object.keys(text.cs).sort());
    for (const locale of ['cs', 'en'] as const) for (const value of Object.values(text[locale])) expect(value.trim()).not.toBe('');
  });
});
