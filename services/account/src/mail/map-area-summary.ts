import { mapAreaSize, type Locale, type MapArea } from '@rr/proto';

const polygons = (n: number, locale: Locale) => {
  if (locale === 'en') return `${n} ${n === 1 ? 'polygon' : 'polygons'}`;
  return `${n} ${n === 1 ? 'polygon' : n >= 2 && n <= 4 ? 'polygony' : 'polygonů'}`;
};

/** "oblast nakreslená na mapě (2 polygony, ~14 km²)": what an e-mail says about an area. */
export function describeMapArea(area: MapArea, locale: Locale): string {
  const { polygons: count, km2 } = mapAreaSize(area);
  const digits = km2 < 10 ? 1 : 0;
  const size = new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(km2);
  const what = locale === 'cs' ? 'oblast nakreslená na mapě' : 'area drawn on the map';
  return `${what} (${polygons(count, locale)}, ~${size} km²)`;
}

/** The watchdog's page in the web client (routes.ts `myFilter`), which shows its area on a map. */
export function watchdogPageUrl(publicUrl: string, watchdogId: string, locale: Locale): string {
  return `${publicUrl.replace(/\/$/, '')}/${locale === 'cs' ? 'moje-filtry' : 'my-filters'}/${encodeURIComponent(watchdogId)}`;
}
