import { AppError } from '@rr/kit';
import { hierarchyFromCodes } from '@rr/proto';
import { translator } from '../i18n/messages';
import type { PlaceDirectory } from '../places/place-directory';
import { validateCriteria } from './criteria-validation';

const directory: PlaceDirectory = {
  hierarchy: hierarchyFromCodes,
  resolve: (kind, code) => (kind === 'municipality' && code === '582786' ? { name: 'Brno', point: { lat: 49.19, lon: 16.6 } } : null),
  near: () => null,
};
const brno = { kind: 'municipality', code: '582786', name: 'whatever the client says' };
const valid = { adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [brno] };

function fieldsOf(input: unknown, locale: 'cs' | 'en' = 'cs'): Record<string, string> {
  try {
    validateCriteria(input, translator(locale), directory, { priceDropsAllowed: false });
  } catch (err) {
    return (err as AppError).fields ?? {};
  }
  throw new Error('expected a validation error');
}

describe('criteria validation', () => {
  it('answers canonical criteria with the place name and centre from the gazetteer', () => {
    const c = validateCriteria({ ...valid, dispositions: ['2+kk', '2+kk'] }, translator('cs'), directory, { priceDropsAllowed: false });
    expect(c.places[0]).toEqual({ kind: 'municipality', code: '582786', name: 'Brno', point: { lat: 49.19, lon: 16.6 }, radiusKm: 0 });
    expect(c.dispositions).toEqual(['2+kk']);
    expect(c.includeWithoutPrice).toBe(true);
  });

  it('asks to pick at least one offer and property type', () => {
    expect(fieldsOf({ ...valid, adTypes: [], realEstateTypes: undefined })).toMatchObject({
      adTypes: 'Vyberte alespoň jednu z položek',
      realEstateTypes: 'Vyberte alespoň jednu z položek',
    });
  });

  it('asks for an area above 0', () => {
    expect(fieldsOf({ ...valid, area: { from: 0 } })).toEqual({ 'area.from': 'Zadejte oblast vyšší než 0' });
    expect(fieldsOf({ ...valid, landArea: { to: -5 } })).toEqual({ 'landArea.to': 'Zadejte oblast vyšší než 0' });
  });

  it('asks to enter and select a location when none or an unknown one is given', () => {
    expect(fieldsOf({ ...valid, places: [] })).toEqual({ places: 'Zadejte a vyberte lokalitu ze seznamu, nebo nakreslete oblast na mapě' });
    expect(fieldsOf({ ...valid, places: [{ kind: 'municipality', code: '000000' }] })).toEqual({ places: 'Zadejte a vyberte lokalitu ze seznamu' });
  });

  it('refuses a range whose start exceeds its end, and negative prices', () => {
    expect(fieldsOf({ ...valid, price: { from: 5_000_000, to: 1_000_000 } })).toEqual({ 'price.to': 'Hodnota „od“ nesmí být vyšší než „do“' });
    expect(fieldsOf({ ...valid, price: { from: -1 } })).toEqual({ 'price.from': 'Zadejte číslo 0 nebo vyšší' });
  });

  it('speaks English when the locale is en', () => {
    expect(fieldsOf({ ...valid, adTypes: [] }, 'en')).toEqual({ adTypes: 'Select at least one of the options' });
  });

  it('drops price-drop, comeback and no-longer-active alerts the role is not entitled to', () => {
    const c = validateCriteria({ ...valid, priceDrops: true }, translator('cs'), directory, { priceDropsAllowed: false });
    expect(c.priceDrops).toBe(false);
    const kinds = { ...valid, backOnMarket: true, noLongerActive: true };
    const free = validateCriteria(kinds, translator('cs'), directory, { priceDropsAllowed: false });
    expect([free.backOnMarket, free.noLongerActive]).toEqual([false, false]);
    const paid = validateCriteria(kinds, translator('cs'), directory, { priceDropsAllowed: true, backOnMarketAllowed: true, noLongerActiveAllowed: true });
    expect([paid.backOnMarket, paid.noLongerActive]).toEqual([true, true]);
    expect(validateCriteria({ ...valid, backOnMarket: 'yes' }, translator('cs'), directory, { priceDropsAllowed: true, backOnMarketAllowed: true }).backOnMarket).toBe(false);
  });

  it('keeps wanted and refused words folded, one each, and refuses phrases, punctuation and long lists in both locales', () => {
    const c = validateCriteria({ ...valid, words: { any: ['Balkón*', 'balkon*', 'Sklep'], none: ['DRAŽBA'] } }, translator('cs'), directory, { priceDropsAllowed: false });
    expect(c.words).toEqual({ any: ['balkon*', 'sklep'], none: ['drazba'] });
    expect(validateCriteria(valid, translator('cs'), directory, { priceDropsAllowed: false }).words).toEqual({ any: [], none: [] });
    expect(fieldsOf({ ...valid, words: { any: ['dva byty'] } })).toEqual({ 'words.any': expect.stringContaining('2–40 písmenech') });
    expect(fieldsOf({ ...valid, words: { none: ['!!!'] } }, 'en')).toEqual({ 'words.none': expect.stringContaining('single words') });
    expect(fieldsOf({ ...valid, words: { any: Array.from({ length: 21 }, (_, i) => `slovo${i}`) } })).toEqual({ 'words.any': 'Zadejte nejvýše 20 slov' });
    expect(fieldsOf({ ...valid, words: 'balkon' })).toHaveProperty('words');
  });

  it('refuses words and a seller choice the tier does not include, and keeps a watchdog without them', () => {
    const notEntitled = { priceDropsAllowed: false, narrowingAllowed: false };
    const fields = (input: unknown, locale: 'cs' | 'en' = 'cs') => {
      try {
        validateCriteria(input, translator(locale), directory, notEntitled);
        return {};
      } catch (error) {
        return (error as { fields: Record<string, string> }).fields;
      }
    };
    expect(fields({ ...valid, words: { any: ['balkon*'] } })).toEqual({ words: expect.stringContaining('předplatného') });
    expect(fields({ ...valid, seller: 'private' }, 'en')).toEqual({ seller: expect.stringContaining('subscription') });
    expect(validateCriteria({ ...valid, words: { any: [], none: [] }, seller: 'any' }, translator('cs'), directory, notEntitled).seller).toBe('any');
    expect(validateCriteria({ ...valid, words: { any: ['sklep'] } }, translator('cs'), directory, { priceDropsAllowed: true, narrowingAllowed: true }).words.any).toEqual(['sklep']);
  });

  it('keeps the seller choice, anyone when not given, and refuses other values in both locales', () => {
    const options = { priceDropsAllowed: false };
    expect(validateCriteria({ ...valid, seller: 'private' }, translator('cs'), directory, options).seller).toBe('private');
    expect(validateCriteria({ ...valid, seller: 'agency' }, translator('en'), directory, options).seller).toBe('agency');
    expect(validateCriteria(valid, translator('cs'), directory, options).seller).toBe('any');
    expect(fieldsOf({ ...valid, seller: 'owner' })).toEqual({ seller: expect.stringContaining('soukromých prodejců') });
    expect(fieldsOf({ ...valid, seller: 1 }, 'en')).toEqual({ seller: expect.stringContaining('private sellers only') });
  });
});
