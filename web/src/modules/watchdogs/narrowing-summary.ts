import type { Locale, WatchdogCriteria } from '@rr/proto';
import { translateNarrowing } from './narrowing.copy';

/** The watchdog page's rows for words and the seller choice (nothing for what the watchdog does not restrict). */
export function narrowingRows(c: Pick<WatchdogCriteria, 'words' | 'seller'>, locale: Locale): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (c.words?.any.length) rows.push([translateNarrowing(locale, 'narrowing.wordsAny'), c.words.any.join(', ')]);
  if (c.words?.none.length) rows.push([translateNarrowing(locale, 'narrowing.wordsNone'), c.words.none.join(', ')]);
  if (c.seller && c.seller !== 'any') rows.push([translateNarrowing(locale, 'narrowing.seller'), translateNarrowing(locale, `narrowing.seller.${c.seller}`)]);
  return rows;
}
