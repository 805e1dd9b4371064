import { getGazetteer } from '@rr/gazetteer';
import { crossPost, rawListing } from '../../test/factories';
import { corroboration, dedupeKeysOf, findDuplicate, passesGates, type DedupeFacts } from './dedupe';
import { locate } from './locate';
import type { RawListing } from '@rr/proto';

const g = getGazetteer();
function facts(l: RawListing): DedupeFacts & { portal: RawListing['portal'] } {
  const loc = locate(g, l);
  return {
    portal: l.portal, adType: l.adType, realEstateType: l.realEstateType, dispositionLabel: l.dispositionLabel, area: l.area,
    landArea: l.landArea, municipalityCode: loc.municipalityCode, gpsPoint: loc.resolvedBy === 'gps' ? loc.point : null,
    placePoint: loc.resolvedBy === 'text' ? loc.point : null,
    price: l.price, title: l.title, description: l.description, images: l.images,
  };
}
const candidate = (l: RawListing, id = 'of_x') => ({ ...facts(l), id, portals: [l.portal] });

describe('dedupe gates', () => {
  const base = rawListing();

  it('lets a cross-post with a slightly different area and price through', () => {
    expect(passesGates(facts(base), facts(crossPost(base, { area: 55 })))).toBe(true);
  });

  it.each([
    ['another offer type', { adType: 'Rent' as const }],
    ['another property type', { realEstateType: 'House' as const }],
    ['another disposition', { dispositionLabel: '3+kk' as const }],
    ['an area beyond the tolerance', { area: 60 }],
    ['another town', { locality: 'Plzeň', lat: 49.7475, lon: 13.3776 }],
  ])('refuses %s whatever else agrees', (_what, overrides) => {
    expect(passesGates(facts(base), facts(crossPost(base, overrides)))).toBe(false);
  });

  it('treats an auction on one portal and a sale on another as possibly the same property', () => {
    expect(passesGates(facts(base), facts(crossPost(base, { adType: 'Auction' })))).toBe(true);
  });

  it('accepts a house whose layout one portal leaves out', () => {
    const house = rawListing({ realEstateType: 'House', dispositionLabel: '5+1', area: 180, landArea: 600 });
    expect(passesGates(facts(house), facts(crossPost(house, { dispositionLabel: null })))).toBe(true);
  });

  it('accepts a GPS point in the next village for a listing located only by its town name', () => {
    // Dubovice's centre lies 0.8 km from Pelhřimov's: a point there resolves to the village.
    const village = g.list('municipality').find((m) => m.name === 'Dubovice')!;
    const gps = facts(rawListing({ lat: village.point.lat, lon: village.point.lon, locality: 'Pelhřimov' }));
    const byText = facts(crossPost(base, { lat: null, lon: null, locality: 'Pelhřimov' }));
    expect(gps.municipalityCode).not.toBe(byText.municipalityCode);
    expect(passesGates(byText, gps)).toBe(true);
  });

  it('accepts points within 300 m across a municipal boundary', () => {
    const a = facts(base);
    const b = { ...facts(crossPost(base)), municipalityCode: '583111' };
    expect(passesGates(a, b)).toBe(true);
  });
});

describe('corroboration', () => {
  const base = rawListing();

  it('calls a cross-post with the same photos and description the same property', () => {
    expect(findDuplicate(facts(crossPost(base)), [candidate(base)])?.candidate.id).toBe('of_x');
  });

  it('still finds a cross-post without GPS, photos or price, by its description', () => {
    const bare = crossPost(base, { lat: null, lon: null, images: [], price: null, priceText: 'Cena na vyžádání', locality: 'Brno' });
    expect(corroboration(facts(bare), facts(base))).toBeGreaterThanOrEqual(3);
  });

  it('keeps apart two flats of the same layout and size in one town with other photos, text, place and price', () => {
    const other = crossPost(base, {
      description: 'Dovolujeme si Vám nabídnout prodej útulného bytu 2+kk v lokalitě Brno. Vytápění plynovým kotlem.',
      images: ['https://img.example/other-1.jpg'], price: 6_300_000, lat: 49.2101, lon: 16.6212,
    });
    expect(passesGates(facts(base), facts(other))).toBe(true);
    expect(findDuplicate(facts(other), [candidate(base)])).toBeNull();
  });

  it('never merges two listings of the same portal', () => {
    const sameSite = crossPost(base, { portal: 'sreality', listingId: '1002' });
    expect(findDuplicate(facts(sameSite), [candidate(base)])).toBeNull();
  });

  it('indexes candidates by municipality and size band, and by the cells around a point', () => {
    const keys = dedupeKeysOf(facts(base), true);
    // The size band and its neighbours, and offers that publish no size.
    expect(keys.filter((k) => k.startsWith('Apartment|2+kk|m582786|a'))).toHaveLength(4);
    expect(keys).toContain('Apartment|2+kk|m582786|a*');
    expect(keys).toHaveLength(13);
    const stored = dedupeKeysOf(facts(crossPost(base)));
    expect(stored.some((k) => keys.includes(k) && k.includes('|c'))).toBe(true);
    expect(stored.some((k) => keys.includes(k) && k.includes('|m'))).toBe(true);
  });

  it('puts sizes within the gate\'s tolerance at most one band apart, and sizes far apart further', () => {
    const band = (area: number) => Number(dedupeKeysOf(facts(crossPost(base, { area })))[0].split('|a')[1]);
    for (const [a, b] of [[20, 22], [71, 73], [100, 103], [400, 412], [1000, 1030]]) expect(Math.abs(band(a) - band(b))).toBeLessThanOrEqual(1);
    expect(Math.abs(band(70) - band(80))).toBeGreaterThan(1);
  });

  it('asks every size band of the town for a listing that publishes no size', () => {
    const keys = dedupeKeysOf(facts(crossPost(base, { area: null })), true);
    expect(keys).toContain('Apartment|2+kk|m582786|a?');
  });

  it('meets a text-located listing through the coarse cells of its town', () => {
    const bare = facts(crossPost(base, { lat: null, lon: null, locality: 'Brno' }));
    const stored = dedupeKeysOf(facts(base));
    expect(dedupeKeysOf(bare, true).filter((k) => k.includes('|k')).some((k) => stored.includes(k))).toBe(true);
  });
});
