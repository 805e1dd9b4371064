import { useEffect, useId, useState } from 'react';
import { useAdsT } from '../i18n';
import { searchPlaces, type PlaceHit } from '../../watchdogs/api/places.api';

export type DistrictPickerProps = { value: Array<{ code: string; name: string }>; onChange: (value: Array<{ code: string; name: string }>) => void; error?: string | null };

/** Districts (LAU 1) from the gazetteer's autocomplete, chosen as removable chips. */
export function DistrictPicker({ value, onChange, error }: DistrictPickerProps) {
  const { t } = useAdsT();
  const id = useId();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<PlaceHit[]>([]);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return setHits([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchPlaces(q, controller.signal).then((found) => setHits(found.filter((h) => h.kind === 'district').slice(0, 8))).catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  const add = (hit: PlaceHit) => {
    if (!value.some((d) => d.code === hit.code)) onChange([...value, { code: hit.code, name: hit.label ?? hit.name }]);
    setQuery('');
    setHits([]);
  };
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={`${id}-q`} className="field__label">{t('ads.form.districts')}</label>
      <input id={`${id}-q`} className="input" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('ads.form.districtsHint')} autoComplete="off" aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="field__hint">{t('ads.form.districtsExplain')}</p>
      {hits.length > 0 && (
        <ul className="ads-hits" aria-label={t('ads.form.districts')}>
          {hits.map((h) => <li key={h.code}><button type="button" className="link-button" onClick={() => add(h)}>{h.label ?? h.name}</button></li>)}
        </ul>
      )}
      {query.trim().length >= 2 && hits.length === 0 && <p className="muted" aria-live="polite">{t('ads.form.noDistrict')}</p>}
      <ul className="place-chips" aria-live="polite">
        {value.map((d) => (
          <li key={d.code} className="place-chip">
            <span className="place-chip__name">{d.name}</span>
            <button type="button" className="place-chip__remove" aria-label={t('ads.form.removeDistrict', { name: d.name })} onClick={() => onChange(value.filter((x) => x.code !== d.code))}>×</button>
          </li>
        ))}
      </ul>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
