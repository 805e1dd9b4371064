import { useEffect, useId, useRef, useState } from 'react';
import type { WatchdogPlace } from '@rr/proto';
import { useT } from '../../../i18n';
import { searchPlaces, type PlaceHit } from '../api/places.api';
import { RADII_KM } from '../criteria';

export type PlacePickerProps = { value: WatchdogPlace[]; onChange: (places: WatchdogPlace[]) => void; error?: string | null };

/** Combobox over the gazetteer (GET /api/autocomplete); chosen places become chips with a radius. */
export function PlacePicker({ value, onChange, error }: PlacePickerProps) {
  const { t } = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<PlaceHit[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [searched, setSearched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setHits([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchPlaces(q, controller.signal)
        .then((found) => {
          setHits(found.slice(0, 10));
          setActive(0);
          setSearched(true);
          setOpen(true);
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (hit: PlaceHit) => {
    if (!value.some((p) => p.kind === hit.kind && p.code === hit.code)) {
      onChange([...value, { kind: hit.kind, code: hit.code, name: hit.label ?? hit.name, point: hit.point ?? null, radiusKm: 0 }]);
    }
    setQuery('');
    setHits([]);
    setOpen(false);
    inputRef.current?.focus();
  };

  const listId = `${id}-list`;
  const showList = open && query.trim().length >= 2 && searched;
  return (
    <div className={`field place-picker ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={`${id}-input`} className="field__label">
        {t('watchdog.places')}
        <abbr className="field__required" title={t('common.required')} aria-hidden="true">*</abbr>
      </label>
      {value.length > 0 && (
        <ul className="place-chips" role="list">
          {value.map((place, index) => (
            <li key={`${place.kind}:${place.code}`} className="place-chip">
              <span className="place-chip__name">{place.name}</span>
              <span className="place-chip__kind">{t(`enum.placeKind.${place.kind}`)}</span>
              <label className="visually-hidden" htmlFor={`${id}-r${index}`}>{`${t('watchdog.radius')}: ${place.name}`}</label>
              <select id={`${id}-r${index}`} className="select select--small" value={place.radiusKm ?? 0}
                onChange={(e) => onChange(value.map((p, i) => (i === index ? { ...p, radiusKm: Number(e.target.value) } : p)))}>
                {RADII_KM.map((km) => <option key={km} value={km}>{km === 0 ? t('watchdog.radiusNone') : t('watchdog.radiusKm', { km })}</option>)}
              </select>
              <button type="button" className="place-chip__remove" aria-label={`${t('common.remove')}: ${place.name}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="combobox">
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="input"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && hits[active] ? `${id}-o${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
          placeholder={t('watchdog.placesPlaceholder')}
          value={query}
          data-testid="place-input"
          onChange={(e) => setQuery(e.target.value)}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, hits.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && showList && hits[active]) {
              e.preventDefault();
              choose(hits[active]);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {showList && (
          <ul id={listId} role="listbox" className="combobox__list" aria-label={t('watchdog.places')}>
            {hits.length === 0 && <li className="combobox__empty" role="option" aria-selected="false" aria-disabled="true">{t('watchdog.noPlaces')}</li>}
            {hits.map((hit, index) => (
              <li
                key={`${hit.kind}:${hit.code}`}
                id={`${id}-o${index}`}
                role="option"
                aria-selected={index === active}
                className={`combobox__option ${index === active ? 'is-active' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(hit);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span>{hit.label ?? hit.name}</span>
                <span className="combobox__kind">{t(`enum.placeKind.${hit.kind}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={`${id}-hint`} className="field__hint">{t('watchdog.placesHint')}</p>
      {error && <p id={`${id}-err`} className="field__error">{error}</p>}
    </div>
  );
}
