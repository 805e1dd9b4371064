import { htmlPortalAdapter } from '../czech-html/html-adapter';
import { parseDetail, parseListPage } from './parse';

/**
 * RealityMix. The list is `/reality` (every kind and offer type, newest first), 20 a page,
 * `?stranka=N` from page 2 on; the per-kind lists `/reality/{byty|domy|…}/{prodej|pronajem}` share
 * the format. A withdrawn offer answers 410 (or 404). robots.txt allows everything.
 * Base URL: `https://realitymix.cz` in production, `http://localhost:8090/realitymix` here.
 */
export const realitymixAdapter = htmlPortalAdapter({
  portal: 'realitymix',
  listPath: (page) => (page === 0 ? 'reality' : `reality?stranka=${page + 1}`),
  parseListPage,
  parseDetail,
});
