/**
 * The data API's docs pages under `/docs` (the spec's list), beside the overview: sitemap.xml lists
 * each. Kept out of routes.ts so the entry chunk does not carry them.
 */
export const API_DOCS_PAGES = [
  'autocomplete', 'report', 'real-estate', 'history/list', 'history/detail',
  'types/contact', 'types/extended', 'types/geo', 'types/real-estate', 'types/stats',
] as const;
