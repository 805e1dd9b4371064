import { SimStore } from './store';

describe('listing ids across simulator starts', () => {
  const idsOf = (epoch: number) => {
    const store = new SimStore(42, 'http://localhost:8090', () => new Date('2026-11-22T08:00:00Z'), epoch);
    const next = (store as unknown as { nextListingId: (p: string) => string }).nextListingId.bind(store);
    return ['sreality', 'bezrealitky', 'bazos', 'ulovdomov', 'realitymix', 'idnes'].map((p) => next(p));
  };

  it('gives the same ids for the same seed and epoch, so tests stay deterministic', () => {
    expect(idsOf(0)).toEqual(idsOf(0));
  });

  it('never repeats an id of an earlier start, so a crawler that remembers listings sees new ones as new', () => {
    const earlier = new Set(idsOf(1_000));
    expect(idsOf(1_060).filter((id) => earlier.has(id))).toEqual([]);
  });
});
