import type { Offer } from '@rr/proto';
import type { PageCursor } from './offer-query';

const DAY_MS = 86_400_000;
/**
 * How far back from where a page starts each read of a search reaches: 1, 4, 16, 64 and 256
 * days, then everything older. A read of several places is sorted by the database over the
 * rows of its window, so the window keeps that sort small: a window is read only when the ones
 * before it held too few offers, and under even arrivals holds about four times their rows.
 */
export const SEARCH_WINDOWS_MS = [1, 4, 16, 64, 256].map((days) => days * DAY_MS);

/** The fewest rows a window's first read asks for (twice the offers the page still needs, when more). */
const FIRST_READ_ROWS = 20;

/** A row of the offer store as a search walks it. */
export type SearchRow = { foundAt: number; id: string; offer: Offer };

/**
 * One read: the rows found at or after `from` (null: no lower bound) and strictly before `before`
 * in the walk's order (null: from the newest), newest found first, at most `limit`; `complete`
 * when that was every such row.
 */
export type ReadWindow = (w: { from: number | null; before: PageCursor | null; limit: number }) => Promise<{ rows: SearchRow[]; complete: boolean }>;

/** Whether `a` comes before `b` in the walk's order: newest found first, ties by id, descending. */
export const walksBefore = (a: PageCursor, b: PageCursor): boolean => a.foundAt > b.foundAt || (a.foundAt === b.foundAt && a.id > b.id);

/**
 * A page of a search: rows newest found first from where the cursor left off, window by window,
 * until the page holds `limit` accepted offers or `scanLimit` rows were read. `next` is where the
 * page stopped: its last row read, or `<from>~` (every row at and after a window's start read),
 * null when no row is left. Offers found after the first page are newer than every cursor, so
 * later pages neither repeat nor skip what existed.
 */
export async function walkSearch(
  read: ReadWindow, accepts: (o: Offer) => boolean, page: { limit: number; scanLimit: number; after?: PageCursor; now: number },
): Promise<{ items: Offer[]; next: PageCursor | null }> {
  const start = page.after?.foundAt ?? page.now;
  let before: PageCursor | null = page.after ?? null;
  let budget = page.scanLimit;
  const items: Offer[] = [];
  for (const span of [...SEARCH_WINDOWS_MS, null]) {
    const from = span === null ? null : start - span;
    // A window is read in growing chunks: a page that fills from the newest rows of a busy
    // window reads those only (each row read is a document decoded), not the whole window.
    for (let ask = Math.max(2 * (page.limit - items.length), FIRST_READ_ROWS); ; ask *= 4) {
      const { rows, complete } = await read({ from, before, limit: Math.min(ask, budget) });
      for (const row of rows) {
        budget--;
        before = { foundAt: row.foundAt, id: row.id };
        if (accepts(row.offer)) items.push(row.offer);
        if (items.length === page.limit) return { items, next: before };
      }
      if (complete) break;
      if (budget <= 0 || rows.length === 0) return { items, next: before };
    }
    if (from === null) return { items, next: null };
    // Every row at and after `from` was read: the next read starts before that instant.
    before = { foundAt: from, id: '' };
    if (budget <= 0) return { items, next: before };
  }
  return { items, next: null };
}

/**
 * Several sorted reads (one per indexed field) as one, newest first, without the offers that two
 * places share twice. A read that came back full stops the merge at its last row: rows after it
 * could be missing from it.
 */
export function mergeReads(reads: Array<{ rows: SearchRow[]; full: boolean }>, limit: number): { rows: SearchRow[]; complete: boolean } {
  const byId = new Map<string, SearchRow>();
  for (const r of reads) for (const row of r.rows) byId.set(row.id, row);
  let rows = [...byId.values()].sort((a, b) => (walksBefore(a, b) ? -1 : walksBefore(b, a) ? 1 : 0));
  let complete = true;
  for (const r of reads) {
    if (!r.full || r.rows.length === 0) continue;
    const cut = r.rows[r.rows.length - 1];
    rows = rows.filter((row) => !walksBefore(cut, row));
    complete = false;
  }
  if (rows.length > limit) [rows, complete] = [rows.slice(0, limit), false];
  return { rows, complete };
}
