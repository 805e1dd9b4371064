import { useEffect, useId, useRef, useState } from 'react';
import { checkMapArea, type MapArea, type MapAreaProblem } from '@rr/proto';
import { useLocale } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';
import { searchPlaces } from '../api/places.api';
import { useAreaT } from './area-map.copy';
import { areaTotal, polygonRows } from './area-summary';
import { areaTier } from './area-tier';
import { L, createMap, drawArea, fitArea } from './leaflet-map';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** `role`: the signed-in person's (null for a visitor): how many polygons their tier draws (`mapAreaPolygons`). */
export type AreaDrawerProps = { value: MapArea | null; onChange: (area: MapArea | null) => void; error?: string | null; role: number | null };

/**
 * Draws the polygons of a watchdog's area. A tap on the map adds a corner; the keyboard route is
 * the cross at the map's centre (arrow keys pan, + and − zoom) with "Add a point at the centre",
 * and a GeoJSON field takes an area from elsewhere. Every finished polygon is checked with
 * proto's `checkMapArea`, the same check the account service makes, so a refused area is
 * explained here before saving.
 */
export function AreaDrawer({ value, onChange, error, role }: AreaDrawerProps) {
  const tm = useAreaT();
  const locale = useLocale();
  const id = useId();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const areaLayer = useRef<L.LayerGroup | null>(null);
  const sketchLayer = useRef<L.LayerGroup | null>(null);
  /** Corners [lon, lat] of the polygon being drawn; null when not drawing. */
  const [corners, setCorners] = useState<number[][] | null>(null);
  const cornersRef = useRef(corners);
  cornersRef.current = corners;
  /** A problem of the area itself (proto's check), or more polygons than the tier draws. */
  const [problem, setProblem] = useState<MapAreaProblem | 'morePaid' | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [place, setPlace] = useState('');
  const [notFound, setNotFound] = useState(false);
  const [geojson, setGeojson] = useState('');

  useEffect(() => {
    const m = createMap(element.current!, tm('area.mapLabel'), () => setTilesFailed(true));
    areaLayer.current = L.layerGroup().addTo(m);
    sketchLayer.current = L.layerGroup().addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      if (cornersRef.current) setCorners([...cornersRef.current, [e.latlng.lng, e.latlng.lat]]);
    });
    fitArea(m, value);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
    // The map is made once; the area and the sketch are drawn by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (areaLayer.current) drawArea(areaLayer.current, value);
  }, [value]);

  useEffect(() => {
    const layer = sketchLayer.current;
    if (!layer) return;
    layer.clearLayers();
    if (!corners?.length) return;
    const points = corners.map(([lon, lat]) => [lat, lon] as L.LatLngTuple);
    L.polyline(points, { color: '#b42318', weight: 2, dashArray: '6 4' }).addTo(layer);
    for (const p of points) L.circleMarker(p, { radius: 5, color: '#b42318', fillOpacity: 1 }).addTo(layer);
  }, [corners]);

  const polygons = value?.coordinates ?? [];
  const tier = areaTier(role, polygons.length);
  const finish = () => {
    if (!corners) return;
    const candidate = { type: 'MultiPolygon', coordinates: [...polygons, [[...corners, corners[0]]]] };
    const check = corners.length < 3 ? { ok: false as const, problem: 'tooFewPoints' as const } : checkMapArea(candidate);
    if (!check.ok) return setProblem(check.problem);
    setProblem(null);
    setCorners(null);
    onChange(check.area);
  };
  const remove = (index: number) => {
    const rest = polygons.filter((_, i) => i !== index);
    setProblem(null);
    onChange(rest.length ? { type: 'MultiPolygon', coordinates: rest } : null);
  };
  const applyGeojson = () => {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(geojson);
    } catch {
      parsed = null;
    }
    const check = checkMapArea(parsed);
    if (!check.ok) return setProblem(check.problem);
    if (check.area.coordinates.length > tier.allowed) return setProblem('morePaid');
    setProblem(null);
    onChange(check.area);
    if (map.current) fitArea(map.current, check.area);
  };
  const find = async () => {
    const query = fold(place.trim());
    const hits = query.length >= 2 ? await searchPlaces(place.trim()).catch(() => []) : [];
    // "Plzeň" means the town, not Plzeňský kraj that the search may list first.
    const hit = hits.find((h) => fold(h.label ?? h.name) === query) ?? hits[0];
    setNotFound(!hit?.point);
    if (hit?.point && map.current) map.current.setView([hit.point.lat, hit.point.lon], hit.kind === 'municipality' || hit.kind === 'pragueDistrict' ? 13 : 10);
  };

  return (
    <div className={`field area-map ${error ? 'field--invalid' : ''}`} data-testid="area-drawer">
      <p className="field__hint">{tm('area.intro')}</p>
      {tilesFailed && <p className="notice" role="status" data-testid="area-tiles-failed">{tm('area.tilesFailed')}</p>}
      {/* Inside the watchdog's form: Enter searches here instead of submitting it. */}
      <div className="area-map__find" role="search">
        <label className="field__label" htmlFor={`${id}-find`}>{tm('area.find')}</label>
        <input id={`${id}-find`} className="input" value={place} onChange={(e) => setPlace(e.target.value)} autoComplete="off"
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void find())} />
        <button type="button" className="button button--secondary" onClick={() => void find()}>{tm('area.findButton')}</button>
        {notFound && <p className="field__hint" role="status">{tm('area.notFound')}</p>}
      </div>
      <div className="area-map__frame">
        <div ref={element} className="area-map__map" tabIndex={0} />
        <div className="area-map__crosshair" aria-hidden="true" />
      </div>
      <div className="area-map__tools">
        {corners ? (
          <>
            <button type="button" className="button button--secondary" data-testid="area-add-centre"
              onClick={() => map.current && setCorners([...corners, [map.current.getCenter().lng, map.current.getCenter().lat]])}>{tm('area.addCentre')}</button>
            <button type="button" className="button button--ghost" disabled={corners.length === 0} onClick={() => setCorners(corners.slice(0, -1))}>{tm('area.undo')}</button>
            <button type="button" className="button button--primary" data-testid="area-finish" onClick={finish}>{tm('area.finish')}</button>
            <button type="button" className="button button--ghost" onClick={() => (setCorners(null), setProblem(null))}>{tm('area.cancel')}</button>
          </>
        ) : (
          // Past the tier's polygons the button stays in place, locked, and says why beside it.
          <button type="button" className="button button--secondary" data-testid="area-start" disabled={!tier.canAdd}
            aria-describedby={tier.canAdd ? undefined : `${id}-locked`} onClick={() => (setCorners([]), setProblem(null))}>
            {tier.locked && <span aria-hidden="true">🔒 </span>}{tm(polygons.length > 0 ? 'area.startMore' : 'area.start')}
          </button>
        )}
      </div>
      {tier.locked && !corners && (
        <p id={`${id}-locked`} className="notice" data-testid="area-locked">
          {tm(tier.over ? 'area.over' : 'area.locked', { max: tier.paidAllowed, allowed: tier.allowed })} <AppLink to="premium">{tm('area.plans')}</AppLink>
        </p>
      )}
      {/* At the area's own limit no plan gives more: the button says why it is off. */}
      {!tier.canAdd && !tier.locked && !corners && <p id={`${id}-locked`} className="field__hint">{tm('problem.tooManyPolygons')}</p>}
      <p className="field__hint" role="status" aria-live="polite">
        {corners ? tm('area.drawing', { number: polygons.length + 1, points: corners.length }) : value ? areaTotal(value, tm, locale) : tm('area.none')}
      </p>
      {problem && <p className="field__error" role="alert" data-testid="area-problem">{tm(`problem.${problem}`)}</p>}
      {error && !problem && <p className="field__error">{error}</p>}
      {polygons.length > 0 && (
        <ul className="area-map__list" data-testid="area-polygons">
          {polygonRows(value, tm, locale).map((row, i) => (
            <li key={row + i}>
              <span>{row}</span>
              <button type="button" className="link-button" onClick={() => remove(i)}>{tm('area.remove', { number: i + 1 })}</button>
            </li>
          ))}
        </ul>
      )}
      <p className="field__hint">{tm('area.offersWithoutGps')}</p>
      <details className="area-map__geojson">
        <summary>{tm('area.geojson')}</summary>
        <label className="field__hint" htmlFor={`${id}-geojson`}>{tm('area.geojsonHint')}</label>
        <textarea id={`${id}-geojson`} className="input" value={geojson} onChange={(e) => setGeojson(e.target.value)} spellCheck={false} data-testid="area-geojson" />
        <button type="button" className="button button--secondary" onClick={applyGeojson} data-testid="area-geojson-apply">{tm('area.geojsonApply')}</button>
      </details>
    </div>
  );
}
