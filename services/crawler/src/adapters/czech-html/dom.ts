import { load, type CheerioAPI } from 'cheerio';

/**
 * A page as a queryable DOM, parsed by htmlparser2 rather than cheerio's default parse5. parse5
 * builds the tree the HTML standard prescribes, which a browser needs and a scraper does not:
 * htmlparser2 is several times cheaper, and the portals' pages are read by selectors alone.
 */
export function loadHtml(html: string): CheerioAPI {
  return load(html, { xml: { xmlMode: false, decodeEntities: true } });
}
