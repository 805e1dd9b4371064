import { exampleOffer } from '@rr/proto/examples';
import type { Offer } from '@rr/proto';
import { SEARCH_WINDOWS_MS, mergeReads, walkSearch, walksBefore, type ReadWindow, type SearchRow } from './search-walk';
import type { PageCursor } from './offer-query';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');

const row = (id: string, foundAt: number, accepted = true): SearchRow => ({ id, foundAt, offer: { ...exampleOffer, id, foundAt: new Date(foundAt).toISOString(), title: accepted ? 'yes' : 'no' } as Offer });

/** The store's read over rows in memory, with the reads it was asked for. */
function memoryRead(rows: SearchRow[], asked: Array<{ from: number | null; limit: number }> = []): ReadWindow {
  return async ({ from, before, limit }) => {
    asked.push({ from, limit });
    const inWindow = rows
      .filter((r) => (from === null || r.foundAt >= from) && (before === null || walksBefore(before, r)))
      .sort((a, b) => (walksBefore(a, b) ? -1 : 1));
    return { rows: inWindow.slice(0, limit), complete: inWindow.length <= limit };
  };
}

const accepted = (o: Offer) => o.title === 'yes';

async function walkAll(read: ReadWindow, limit: number, scanLimit: number, between?: (page: number) => void): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: PageCursor | undefined;
  for (let pages = 1; pages < 500; pages++) {
    const page = await walkSearch(read, accepted, { limit, scanLimit, after, now: NOW });
    ids.push(...page.items.map((o) => o.id));
    if (!page.next) return { ids, pages };
    after = page.next;
    between?.(pages);
  }
  throw new Error('did not end');
}

describe('the search walk (cursor pages over windows of time)', () => {
  // Offers spread over two years, ties on foundAt included, every third one filtered out.
  const rows = Array.from({ length: 300 }, (_, i) => row(`of_${String(i).padStart(3, '0')}`, NOW - Math.floor(i / 2) * 5 * DAY + (i % 2 === 0 ? 0 : 0), i % 3 !== 0));
  const expected = [...rows].filter((r) => accepted(r.offer)).sort((a, b) => (walksBefore(a, b) ? -1 : 1)).map((r) => r.id);

  it.each([[1, 5], [7, 20], [20, 2_000], [3, 1]])('lists every accepted offer once in order with %i a page and %i rows read at most', async (limit, scanLimit) => {
    expect((await walkAll(memoryRead(rows), limit, scanLimit)).ids).toEqual(expected);
  });

  it('neither repeats nor skips while newer offers arrive between pages', async () => {
    const live = [...rows];
    const { ids } = await walkAll(memoryRead(live), 4, 30, (page) => live.push(row(`of_new${page}`, NOW + page * 1_000)));
    expect(ids).toEqual(expected);
  });

  it('reads the newest window first and widens only when it held too few', async () => {
    const asked: Array<{ from: number | null; limit: number }> = [];
    const page = await walkSearch(memoryRead(rows, asked), accepted, { limit: 2, scanLimit: 2_000, now: NOW });
    // Two rows are found today (the first one is filtered out), a third five days ago: the
    // windows of a day and four days hold too few, the one of 16 days fills the page.
    expect(page.items.map((o) => o.id)).toEqual(['of_001', 'of_002']);
    expect(asked.map((a) => a.from)).toEqual([NOW - SEARCH_WINDOWS_MS[0], NOW - SEARCH_WINDOWS_MS[1], NOW - SEARCH_WINDOWS_MS[2]]);
    expect(page.next).toEqual({ foundAt: NOW - 5 * DAY, id: 'of_002' });
  });

  it('reads a busy window in growing chunks, only as far as the page needs', async () => {
    const busy = Array.from({ length: 600 }, (_, i) => row(`b_${String(i).padStart(3, '0')}`, NOW - i * 60_000, i % 50 === 0 || i < 10));
    const asked: Array<{ from: number | null; limit: number }> = [];
    const first = await walkSearch(memoryRead(busy, asked), accepted, { limit: 5, scanLimit: 2_000, now: NOW });
    expect(first.items.map((o) => o.id)).toEqual(['b_000', 'b_001', 'b_002', 'b_003', 'b_004']);
    expect(asked).toEqual([{ from: NOW - SEARCH_WINDOWS_MS[0], limit: 20 }]);
    // Then accepted rows are one in 50: reads of the same window grow until the page is full.
    asked.length = 0;
    const second = await walkSearch(memoryRead(busy, asked), accepted, { limit: 8, scanLimit: 2_000, after: first.next!, now: NOW });
    expect(second.items.map((o) => o.id)).toEqual(['b_005', 'b_006', 'b_007', 'b_008', 'b_009', 'b_050', 'b_100', 'b_150']);
    expect(asked.map((a) => a.limit)).toEqual([20, 80, 320]);
    expect(new Set(asked.map((a) => a.from))).toEqual(new Set([first.next!.foundAt - SEARCH_WINDOWS_MS[0]]));
  });

  it('ends a page at the rows it may read, and says where to go on; null when nothing is left', async () => {
    const refused = [row('a', NOW, false), row('b', NOW - 1, false), row('c', NOW - 2, false)];
    const first = await walkSearch(memoryRead(refused), accepted, { limit: 10, scanLimit: 2, now: NOW });
    expect(first).toEqual({ items: [], next: { foundAt: NOW - 1, id: 'b' } });
    const second = await walkSearch(memoryRead(refused), accepted, { limit: 10, scanLimit: 2, after: first.next!, now: NOW });
    expect(second).toEqual({ items: [], next: null });
    expect(await walkSearch(memoryRead([]), accepted, { limit: 10, scanLimit: 2, now: NOW })).toEqual({ items: [], next: null });
  });
});

describe('merging the reads of several indexed fields', () => {
  it('orders newest first, keeps an offer two places share once, and stops at the last row of a full read', () => {
    const region = { rows: [row('r9', 90), row('x', 50), row('r1', 10)], full: true };
    const town = { rows: [row('t8', 80), row('x', 50), row('t0', 5)], full: false };
    expect(mergeReads([region, town], 10)).toMatchObject({ rows: ['r9', 't8', 'x', 'r1'].map((id) => expect.objectContaining({ id })), complete: false });
    expect(mergeReads([{ ...region, full: false }, town], 10).rows.map((r) => r.id)).toEqual(['r9', 't8', 'x', 'r1', 't0']);
    expect(mergeReads([{ ...region, full: false }, town], 3)).toMatchObject({ complete: false, rows: [{ id: 'r9' }, { id: 't8' }, { id: 'x' }] });
  });
});
