import { HoldBook } from './hold-book';

const M = 60_000;

describe('holds on credit', () => {
  it('holds the banners sent and not fetched within the window', () => {
    const holds = new HoldBook(10 * M);
    holds.sent('c', 0);
    holds.sent('c', M);
    holds.fetched('c', 0, 2 * M);
    expect(holds.held('c', 2 * M)).toBe(1);
    expect(holds.held('other', 2 * M)).toBe(0);
  });

  it('lets holds lapse after the window', () => {
    const holds = new HoldBook(10 * M);
    holds.sent('c', 0);
    expect(holds.held('c', 9 * M)).toBe(1);
    expect(holds.held('c', 11 * M)).toBe(0);
  });

  it('does not release a hold for a fetch of a banner sent before the window', () => {
    const holds = new HoldBook(10 * M);
    holds.sent('c', 20 * M);
    holds.fetched('c', 0, 21 * M);
    expect(holds.held('c', 21 * M)).toBe(1);
  });
});
