import { htmlPortalAdapter } from '../czech-html/html-adapter';
import { MAINTENANCE, parseDetail, parseListPage } from './parse';

/**
 * Reality.cz. The list is `/reality/Ceska-republika/?s=2` (every offer type and kind in the whole
 * country, `s=2` = newest first), 25 a page, later pages `&g=1-{page}-0` (1-based page; the site
 * puts the total last and ignores it on input). The listing page is built by JavaScript, so it is
 * fetched with `client.render` (the crawler's headless Chromium); details are plain HTML.
 * Base URL: `https://www.reality.cz` in production, `http://localhost:8090/realitycz` here.
 */
export const realityczAdapter = htmlPortalAdapter({
  portal: 'realitycz',
  listPath: (page) => `reality/Ceska-republika/?s=2${page === 0 ? '' : `&g=1-${page + 1}-0`}`,
  parseListPage,
  parseDetail,
  rendered: { unavailable: (html) => MAINTENANCE.test(html) && !html.includes('xvypis') },
});
