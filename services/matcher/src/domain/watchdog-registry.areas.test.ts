import { checkMapArea, enclosingRadiusKm, type MapArea, type Offer, type Watchdog } from '@rr/proto';
import { exampleOffer, exampleWatchdog } from '@rr/proto/examples';
import { AreaFilter } from './area-filter';
import { CandidateChecks } from './candidate-checks';
import { MAP_AREA, WORDS } from './entry-flags';
import { FilterIndex } from './filter-index';
import { WordFilter } from './word-filter';
import { WatchdogRegistry } from './watchdog-registry';

const now = new Date('2026-11-22T09:00:00.000Z');
const ids = (ws: Array<{ id: string }>) => ws.map((w) => w.id).sort();
const PRAHA = exampleWatchdog.criteria.places[0];
const ring = (...corners: number[][]) => [...corners, corners[0]];
const box = (lon: number, lat: number, d: number) => ring([lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d]);
const area = (...rings: number[][][]): MapArea => {
  const check = checkMapArea({ type: 'MultiPolygon', coordinates: rings.map((r) => [r]) });
  if (!check.ok) throw new Error(check.problem);
  return check.area;
};
/** A watchdog on an area, filed as the account service files it: under Praha with a circle that holds the area. */
const onArea = (id: string, mapArea: MapArea | null): Watchdog => ({
  ...exampleWatchdog, id, email: `${id}@example.cz`,
  criteria: { ...exampleWatchdog.criteria, places: [{ ...PRAHA, radiusKm: mapArea ? enclosingRadiusKm(PRAHA.point!, mapArea) : 0 }], mapArea },
});
const at = (lon: number, lat: number, resolvedBy: Offer['location']['resolvedBy'] = 'gps'): Offer => ({ ...exampleOffer, location: { ...exampleOffer.location, point: { lat, lon }, resolvedBy } });

describe('WatchdogRegistry with areas drawn on a map', () => {
  const troja = area(box(14.42, 50.12, 0.01));
  const twoParts = area(box(14.42, 50.12, 0.01), box(14.5, 50.05, 0.01));
  const smichov = area(box(14.4, 50.07, 0.01));

  for (const loading of [false, true]) {
    it(`checks the area on the candidates the index finds (${loading ? 'bulk-built' : 'filed one by one'})`, () => {
      const registry = new WatchdogRegistry(undefined, { loading });
      registry.apply('troja', onArea('troja', troja), now);
      registry.apply('two', onArea('two', twoParts), now);
      registry.apply('smichov', onArea('smichov', smichov), now);
      registry.apply('plain', onArea('plain', null), now);
      expect(ids(registry.match(at(14.421, 50.121), 'new', now))).toEqual(['plain', 'troja', 'two']);
      expect(ids(registry.match(at(14.5, 50.05), 'new', now))).toEqual(['plain', 'two']);
      expect(ids(registry.match(at(14.4, 50.06), 'new', now))).toEqual(['plain', 'smichov']); // on Smíchov's south edge
      expect(ids(registry.match(at(14.46, 50.1), 'new', now))).toEqual(['plain']);
      // Located by text: its point is Praha's centre, not the property's; no area takes it.
      expect(ids(registry.match(at(14.421, 50.121, 'text'), 'new', now))).toEqual(['plain']);
    });
  }

  it('forgets the old area when a watchdog is redrawn, and after a rebuild', () => {
    const registry = new WatchdogRegistry();
    registry.apply('w', onArea('w', troja), now);
    expect(ids(registry.match(at(14.421, 50.121), 'new', now))).toEqual(['w']);
    registry.apply('w', onArea('w', smichov), now);
    expect(ids(registry.match(at(14.421, 50.121), 'new', now))).toEqual([]);
    expect(ids(registry.match(at(14.4, 50.07), 'new', now))).toEqual(['w']);
    registry.apply('w', onArea('w', null), now);
    expect(ids(registry.match(at(14.421, 50.121), 'new', now))).toEqual(['w']);
    registry.apply('w', onArea('w', troja), now);
    registry.rebuild();
    expect(ids(registry.match(at(14.4, 50.07), 'new', now))).toEqual([]);
    expect(ids(registry.match(at(14.421, 50.121), 'new', now))).toEqual(['w']);
  });
});

describe('FilterIndex with areas drawn on a map', () => {
  const troja = area(box(14.42, 50.12, 0.01));
  const criteria = { ...exampleWatchdog.criteria, places: [{ ...PRAHA, radiusKm: enclosingRadiusKm(PRAHA.point!, troja) }], mapArea: troja };
  const plainCircle = { ...criteria, mapArea: null };

  for (const sealed of [true, false]) {
    it(`files an area watchdog under its circle only, found in its own place (${sealed ? 'bulk-built' : 'added later'})`, () => {
      const index = new FilterIndex();
      if (!sealed) index.seal();
      const areaSlot = index.insert(criteria);
      // A plain watchdog on the same circle makes Praha the cells' home place.
      const plainSlot = index.insert(plainCircle);
      if (sealed) index.seal();
      const slots = (o: Offer) => Array.from(index.slots.subarray(0, index.matchSlots(o))).sort();
      // In Praha and in the circle: both; in Praha far from the circle: only the plain one (its code row).
      expect(slots(at(14.421, 50.121))).toEqual([areaSlot, plainSlot].sort());
      expect(slots(at(14.6, 50.03))).toEqual([plainSlot]);
    });
  }

  it('asks the candidate checks only about candidates whose rows have words or an area, and each only what it has', () => {
    const checks = new CandidateChecks(new WordFilter(), new AreaFilter());
    const index = new FilterIndex({ narrowCodeOf: (c) => checks.words.codeOf(c.words) });
    const file = (c: Watchdog['criteria']) => {
      const slot = index.insert(c);
      checks.words.set(slot, c.words);
      if (c.mapArea) checks.areas.set(slot, c.mapArea);
      return slot;
    };
    const words = { any: ['balkon*'], none: [] };
    const areaSlot = file(criteria);
    const plainSlot = file(plainCircle);
    const wordsSlot = file({ ...plainCircle, words });
    const bothSlot = file({ ...criteria, words });
    index.seal();
    const asked: Array<[number, number]> = [];
    const recording = {
      codeVerdicts: () => checks.codeVerdicts(),
      decide: (slots: Int32Array, metas: Int32Array, n: number, verdicts: Uint8Array) => {
        for (let i = 0; i < n; i++) asked.push([slots[i], metas[i] & (WORDS | MAP_AREA)]);
        checks.decide(slots, metas, n, verdicts);
      },
    };
    const found = (o: Offer) => {
      asked.length = 0;
      checks.begin(o);
      return Array.from(index.slots.subarray(0, index.matchSlots(o, recording))).sort();
    };
    const inside = { ...at(14.421, 50.121), title: 'Byt s balkonem' };
    expect(found(inside)).toEqual([areaSlot, plainSlot, wordsSlot, bothSlot].sort());
    // The words, a common criterion with a short code, are settled in the walk: only areas are asked.
    expect(asked.sort()).toEqual([[areaSlot, MAP_AREA], [bothSlot, WORDS | MAP_AREA]].sort());
    // Outside the area without a balcony: only the plain watchdog.
    expect(found({ ...at(14.6, 50.03), title: 'Byt' })).toEqual([plainSlot]);
    // In the area without a balcony: the area watchdog, not the ones that want one.
    expect(found({ ...inside, title: 'Byt' })).toEqual([areaSlot, plainSlot].sort());
  });
});
