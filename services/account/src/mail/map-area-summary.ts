import { mapAreaSize, mapAreaSummary, type Locale, type MapArea } from '@rr/proto';

/** "Oblast na mapě: 2 oblasti (~14 km²)": what every e-mail says about an area (the alert e-mail too, proto `mapAreaSummary`). */
export function describeMapArea(area: MapArea, locale: Locale): string {
  return mapAreaSummary(mapAreaSize(area), locale);
}

/** The watchdog's page in the web client (routes.ts `myFilter`), which shows its area on a map. */
export function watchdogPageUrl(publicUrl: string, watchdogId: string, locale: Locale): string {
  return `${publicUrl.replace(/\/$/, '')}/${locale === 'cs' ? 'moje-filtry' : 'my-filters'}/${encodeURIComponent(watchdogId)}`;
}
