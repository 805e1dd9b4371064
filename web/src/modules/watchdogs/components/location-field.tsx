import { lazy, Suspense } from 'react';
import { useT } from '../../../i18n';
import type { Draft } from '../criteria';
import { PlacePicker } from './place-picker';

/** The map and its drawing tools load only when someone chooses to draw (Leaflet stays out of the entry chunk). */
const AreaDrawer = lazy(() => import('../area-map/area-drawer').then((m) => ({ default: m.AreaDrawer })));

/** `role`: the signed-in person's, null for a visitor (the map draws as many areas as the tier allows). */
export type LocationFieldProps = { draft: Draft; onChange: (patch: Partial<Draft>) => void; error?: string | null; role: number | null };

/** Where to watch: places from the gazetteer, or an area drawn on a map instead. */
export function LocationField({ draft, onChange, error, role }: LocationFieldProps) {
  const { t } = useT();
  return (
    <>
      <div className="segmented location-mode" role="group" aria-label={t('watchdog.places')}>
        {([false, true] as const).map((areaMode) => (
          <button key={String(areaMode)} type="button" className={`button ${draft.areaMode === areaMode ? 'button--primary' : 'button--ghost'}`}
            aria-pressed={draft.areaMode === areaMode} onClick={() => onChange({ areaMode })} data-testid={areaMode ? 'location-mode-map' : 'location-mode-places'}>
            {t(areaMode ? 'watchdog.location.map' : 'watchdog.location.places')}
          </button>
        ))}
      </div>
      {draft.areaMode ? (
        <Suspense fallback={<div className="page-loading" aria-busy="true">{t('common.loading')}</div>}>
          <AreaDrawer value={draft.mapArea} onChange={(mapArea) => onChange({ mapArea })} error={error} role={role} />
        </Suspense>
      ) : (
        <PlacePicker value={draft.places} onChange={(places) => onChange({ places })} error={error} />
      )}
    </>
  );
}
