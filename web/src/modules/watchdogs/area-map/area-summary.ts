import { mapAreaSize, type MapArea } from '@rr/proto';
import type { Locale } from '@rr/proto';
import { pluralCategory } from '../../../i18n/format';
import type { AreaKey } from './area-map.copy';

type Tm = (key: AreaKey, vars?: Record<string, string | number>) => string;

/** "~2,3" (one decimal below 10 km²), "~14". */
export const formatKm2 = (km2: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { maximumFractionDigits: km2 < 10 ? 1 : 0 }).format(km2);

const PLURAL: Record<'one' | 'few' | 'other', AreaKey> = { one: 'area.polygons.one', few: 'area.polygons.few', other: 'area.polygons.many' };

/** "Oblast nakreslená na mapě (2 polygony, ~14 km²)". */
export function areaTotal(area: MapArea, tm: Tm, locale: Locale): string {
  const { polygons, km2 } = mapAreaSize(area);
  return tm('area.total', { polygons: tm(PLURAL[pluralCategory(polygons, locale)], { count: polygons }), km2: formatKm2(km2, locale) });
}

/** Each polygon: its number of corners and its size. */
export function polygonRows(area: MapArea | null, tm: Tm, locale: Locale): string[] {
  return (area?.coordinates ?? []).map((rings, i) => {
    const one: MapArea = { type: 'MultiPolygon', coordinates: [rings] };
    return tm('area.polygon', { number: i + 1, points: rings[0].length - 1, km2: formatKm2(mapAreaSize(one).km2, locale) });
  });
}
