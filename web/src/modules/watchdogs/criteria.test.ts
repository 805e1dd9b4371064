import { WatchdogCriteria } from '@rr/proto';
import { emptyDraft, fromCriteria, parseAmount, toCriteria, validateDraft, visibleGroups, type Draft } from './criteria';

const place = { kind: 'municipality' as const, code: '554791', name: 'Plzeň', point: { lat: 49.74, lon: 13.37 }, radiusKm: 5 };
const draft = (patch: Partial<Draft> = {}): Draft => ({ ...emptyDraft(), places: [place], ...patch });

describe('watchdog form criteria', () => {
  it('asks for a choice in each multi-select and a location', () => {
    expect(validateDraft({ ...emptyDraft(), adTypes: [], realEstateTypes: [] })).toEqual({ adTypes: 'selectOne', realEstateTypes: 'selectOne', places: 'location' });
  });

  it('rejects an area of zero, reversed ranges and non-numbers', () => {
    expect(validateDraft(draft({ area: { from: '0', to: '' } })).area).toBe('areaPositive');
    expect(validateDraft(draft({ price: { from: '5 000 000', to: '3000000' } })).price).toBe('range');
    expect(validateDraft(draft({ price: { from: 'abc', to: '' } })).price).toBe('number');
    expect(validateDraft(draft({ price: { from: '2 500 000', to: '4 000 000' } }))).toEqual({});
  });

  it('reads amounts typed with spaces', () => {
    expect(parseAmount('2 500 000')).toBe(2500000);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('12a')).toBeNaN();
  });

  it('sends criteria that the proto schema accepts, leaving out groups that do not apply', () => {
    const criteria = toCriteria(draft({
      realEstateTypes: ['Land'], dispositions: ['2+kk'], landTypes: ['BuildPlot'], houseTypes: ['Detached'],
      landArea: { from: '500', to: '' }, price: { from: '', to: '3 000 000' }, elevatorOnly: true,
    }));
    const parsed = WatchdogCriteria.parse(criteria);
    expect(parsed.dispositions).toEqual([]);
    expect(parsed.houseTypes).toEqual([]);
    expect(parsed.landTypes).toEqual(['BuildPlot']);
    expect(parsed.landArea).toEqual({ from: 500 });
    expect(parsed.price).toEqual({ to: 3000000 });
    expect(parsed.elevatorOnly).toBe(false);
    expect(parsed.places[0]).toMatchObject({ code: '554791', radiusKm: 5 });
  });

  it('sends and reads back the chosen alert kinds', () => {
    const parsed = WatchdogCriteria.parse(toCriteria(draft({ priceDrops: true, backOnMarket: true, noLongerActive: false })));
    expect([parsed.priceDrops, parsed.backOnMarket, parsed.noLongerActive]).toEqual([true, true, false]);
    const back = fromCriteria(parsed);
    expect([back.priceDrops, back.backOnMarket, back.noLongerActive]).toEqual([true, true, false]);
    // A watchdog saved before the kinds existed reads as "off".
    const older = fromCriteria({ ...parsed, backOnMarket: undefined, noLongerActive: undefined } as unknown as WatchdogCriteria);
    expect([older.backOnMarket, older.noLongerActive]).toEqual([false, false]);
  });

  it('round-trips a watchdog through the edit form', () => {
    const original = WatchdogCriteria.parse(toCriteria(draft({ dispositions: ['3+1'], price: { from: '1000', to: '2000' }, terraceTypes: ['Balcony'] })));
    expect(WatchdogCriteria.parse(toCriteria(fromCriteria(original)))).toEqual(original);
  });

  it('sends the word chips folded by the schema and the seller choice, and brings them back for editing', () => {
    const parsed = WatchdogCriteria.parse(toCriteria(draft({ wordsAny: ['Balkón*', 'sklep'], wordsNone: ['Dražba'], seller: 'private' })));
    expect(parsed.words).toEqual({ any: ['balkon*', 'sklep'], none: ['drazba'] });
    expect(parsed.seller).toBe('private');
    expect(fromCriteria(parsed)).toMatchObject({ wordsAny: ['balkon*', 'sklep'], wordsNone: ['drazba'], seller: 'private' });
    expect(WatchdogCriteria.parse(toCriteria(draft())).seller).toBe('any');
  });

  it('shows beds for roommates and land fields for land', () => {
    expect(visibleGroups({ adTypes: ['Roommates'], realEstateTypes: ['Apartment'] })).toMatchObject({ beds: true, dispositions: true, landTypes: false });
    expect(visibleGroups({ adTypes: ['Sale'], realEstateTypes: ['Land'] })).toMatchObject({ beds: false, area: false, landArea: true, landTypes: true, dispositions: false });
  });
});
