import type { FilterView, Locale, WatchdogCriteria } from '@rr/proto';
import { formatNumber, type MessageKey } from '../../i18n';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

const range = (r: { from?: number | null; to?: number | null } | undefined, unit: string, locale: Locale, t: T) => {
  if (!r || (r.from == null && r.to == null)) return null;
  const from = r.from != null ? `${t('common.from')} ${formatNumber(r.from, locale)}` : '';
  const to = r.to != null ? `${t('common.to')} ${formatNumber(r.to, locale)}` : '';
  return `${[from, to].filter(Boolean).join(' ')} ${unit}`;
};

/** A one-line title for a watchdog: "Prodej · Byt 2+kk, 3+kk · Brno" */
export function titleOf(c: WatchdogCriteria, t: T): string {
  const types = c.realEstateTypes.map((x) => t(`enum.realEstateType.${x}`)).join(', ');
  const ads = c.adTypes.map((x) => t(`enum.adType.${x}`)).join(', ');
  const dispositions = c.dispositions.length ? ` ${c.dispositions.map((d) => (d === 'atypical' || d === 'room' ? t(`enum.disposition.${d}`) : d)).join(', ')}` : '';
  const places = c.mapArea ? t('watchdog.location.map') : c.places.map((p) => (p.radiusKm ? `${p.name} +${p.radiusKm} km` : p.name)).join(', ') || t('watchdog.summary.anywhere');
  return `${ads} · ${types}${dispositions} · ${places}`;
}

/** The criteria as label/value rows for the detail view. */
export function criteriaRows(c: WatchdogCriteria, t: T, locale: Locale): Array<[string, string]> {
  const rows: Array<[string, string | null]> = [
    [t('watchdog.adTypes'), c.adTypes.map((x) => t(`enum.adType.${x}`)).join(', ')],
    [t('watchdog.realEstateTypes'), c.realEstateTypes.map((x) => t(`enum.realEstateType.${x}`)).join(', ')],
    // An area's place is only where the matcher files it; the page shows the area on a map.
    [t('watchdog.places'), c.mapArea ? t('watchdog.location.map') : c.places.map((p) => (p.radiusKm ? `${p.name} (+${p.radiusKm} km)` : p.name)).join(', ')],
    [t('watchdog.dispositions'), c.dispositions.length ? c.dispositions.map((d) => (d === 'atypical' || d === 'room' ? t(`enum.disposition.${d}`) : d)).join(', ') : null],
    [t('watchdog.price'), range(c.price, 'Kč', locale, t)],
    [t('watchdog.pricePerM2'), range(c.pricePerM2, 'Kč', locale, t)],
    [t('watchdog.area'), range(c.area, 'm²', locale, t)],
    [t('watchdog.landArea'), range(c.landArea, 'm²', locale, t)],
    [t('watchdog.landTypes'), c.landTypes.length ? c.landTypes.map((x) => t(`enum.landType.${x}`)).join(', ') : null],
    [t('watchdog.houseTypes'), c.houseTypes.length ? c.houseTypes.map((x) => t(`enum.houseType.${x}`)).join(', ') : null],
    [t('watchdog.beds'), range(c.beds, '', locale, t)],
    [t('watchdog.terraceTypes'), c.terraceTypes.length ? c.terraceTypes.map((x) => t(`enum.terraceType.${x}`)).join(', ') : null],
    [t('watchdog.elevatorOnly'), c.elevatorOnly ? t('common.yes') : null],
    [t('watchdog.includeWithoutPrice'), t(c.includeWithoutPrice ? 'common.yes' : 'common.no')],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

/** My watchdogs grouped as the spec lists them: active and disabled, each by category (offer + property type). */
export function groupFilters(filters: FilterView[]) {
  const byStatus = { active: [] as FilterView[], disabled: [] as FilterView[] };
  for (const f of filters) (f.status === 'Disabled' ? byStatus.disabled : byStatus.active).push(f);
  const categorise = (list: FilterView[]) => {
    const map = new Map<string, FilterView[]>();
    for (const f of [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
      const key = `${f.criteria.adTypes[0]}|${f.criteria.realEstateTypes[0]}`;
      map.set(key, [...(map.get(key) ?? []), f]);
    }
    return [...map.entries()].map(([key, items]) => {
      const [adType, realEstateType] = key.split('|');
      return { adType, realEstateType, items };
    });
  };
  return { active: categorise(byStatus.active), disabled: categorise(byStatus.disabled) };
}
