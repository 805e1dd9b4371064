import { useEffect, useRef, useState } from 'react';
import type { MapArea } from '@rr/proto';
import { useLocale } from '../../../i18n';
import { useAreaT } from './area-map.copy';
import { areaTotal, polygonRows } from './area-summary';
import { L, createMap, drawArea, fitArea } from './leaflet-map';

/** A watchdog's area on its page: the polygons on a map, and the same in words. */
export function AreaView({ area }: { area: MapArea }) {
  const tm = useAreaT();
  const locale = useLocale();
  const element = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const map = createMap(element.current!, tm('area.viewLabel'), () => setTilesFailed(true));
    drawArea(L.layerGroup().addTo(map), area);
    fitArea(map, area);
    return () => void map.remove();
  }, [area, tm]);

  return (
    <section className="area-map" data-testid="area-view">
      <p><strong>{areaTotal(area, tm, locale)}</strong></p>
      {tilesFailed && <p className="notice" role="status">{tm('area.tilesFailedShort')}</p>}
      <div className="area-map__frame">
        <div ref={element} className="area-map__map" tabIndex={0} />
      </div>
      <ul className="area-map__list">{polygonRows(area, tm, locale).map((row, i) => <li key={row + i}>{row}</li>)}</ul>
      <p className="field__hint">{tm('area.offersWithoutGps')}</p>
    </section>
  );
}
