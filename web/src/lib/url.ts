import { cleanedSearch } from '../modules/auth/opening';

/** Removes query parameters without a new history entry (wouter follows replaceState). */
export function removeQueryParams(names: readonly string[]) {
  const search = cleanedSearch(window.location.search, names);
  if (search === window.location.search || (search === '' && window.location.search === '')) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}
