import { useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import { toCriteria, type Draft } from '../../watchdogs/criteria';
import { analyticsApi } from '../api/analytics.api';

/** Each place × offer type × property type is one cheap read; a draft wider than this shows no count. */
const MAX_READS = 12;

/**
 * How many offers a month the criteria would have matched over the last 3 months, before the
 * visitor saves the watchdog (places, types, layouts and price; the finer filters are not counted).
 */
export function MonthlyMatchCount({ draft }: { draft: Draft }) {
  const { t, locale } = useT();
  const [count, setCount] = useState<number | null>(null);
  const criteria = toCriteria(draft);
  const places = criteria.places ?? [];
  const key = JSON.stringify([places.map((p) => [p.kind, p.code]), criteria.adTypes, criteria.realEstateTypes, criteria.dispositions, criteria.price]);
  useEffect(() => {
    const combos = places.flatMap((p) => (criteria.adTypes ?? []).flatMap((adType) => (criteria.realEstateTypes ?? []).map((realEstateType) => ({ p, adType, realEstateType }))));
    if (combos.length === 0 || combos.length > MAX_READS) return setCount(null);
    let live = true;
    // Typing in the price fields: ask once the visitor pauses.
    const timer = setTimeout(() => {
      void Promise.all(combos.map(({ p, adType, realEstateType }) => analyticsApi.matchCount({
        placeKind: p.kind, placeCode: p.code, adType, realEstateType,
        ...(criteria.dispositions?.length ? { dispositions: criteria.dispositions.join(',') } : {}),
        ...(criteria.price?.from !== undefined ? { priceFrom: String(criteria.price.from) } : {}),
        ...(criteria.price?.to !== undefined ? { priceTo: String(criteria.price.to) } : {}),
      }))).then((answers) => { if (live) setCount(answers.reduce((s, a) => s + a.perMonth, 0)); }, () => { if (live) setCount(null); });
    }, 400);
    return () => { live = false; clearTimeout(timer); };
    // `key` stands for the criteria the count depends on (the draft object changes on every render).
  }, [key]);
  if (count === null) return null;
  return <p className="muted" role="status" data-testid="monthly-match-count">{t('analysis.monthlyMatches', { n: formatNumber(count, locale) })}</p>;
}
