import { htmlPortalAdapter } from '../czech-html/html-adapter';
import { parseDetail, parseListPage } from './parse';

const PAGE_SIZE = 20;

/**
 * Bazoš reality. The list is the section's front page `/` with the offset as a path segment
 * (`/20/`, `/40/`…), every category newest first with TOP ads pinned above page 1. robots.txt bans
 * the filter parameters, so the crawler walks this unfiltered list and filters on our side.
 * Base URL: `https://reality.bazos.cz` in production, `http://localhost:8090/bazos` here.
 */
export const bazosAdapter = htmlPortalAdapter({
  portal: 'bazos',
  listPath: (page) => (page === 0 ? '' : `${page * PAGE_SIZE}/`),
  parseListPage,
  parseDetail,
});
