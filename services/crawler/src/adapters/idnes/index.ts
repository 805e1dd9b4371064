import { htmlPortalAdapter } from '../czech-html/html-adapter';
import { parseDetail, parseListPage } from './parse';

/**
 * iDNES Reality. The list is the site-wide search `/s/` (every offer type and category, newest
 * first by the site's default order), 0-based `?page=N`, 25 a page; a page past the end answers
 * 404 (after a 302), which ends the walk. Base URL: `https://reality.idnes.cz` in production,
 * `http://localhost:8090/idnes` against the simulator.
 */
export const idnesAdapter = htmlPortalAdapter({
  portal: 'idnes',
  listPath: (page) => (page === 0 ? 's/' : `s/?page=${page}`),
  parseListPage,
  parseDetail,
});
