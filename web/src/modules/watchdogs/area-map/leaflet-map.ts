import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './area-map.css';
import type { MapArea } from '@rr/proto';

/**
 * Leaflet with OpenStreetMap's raster tiles. When tiles cannot load (no network, a blocked
 * host) the map still works on its grey background — panning, zooming, drawing, the place
 * search — and `onTilesFailed` lets the page say so.
 */
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** Czechia, for a map without an area yet. */
const CZECHIA: L.LatLngBoundsExpression = [[48.55, 12.09], [51.06, 18.86]];

export function createMap(element: HTMLElement, label: string, onTilesFailed: () => void): L.Map {
  const map = L.map(element, { keyboard: true, zoomSnap: 0.5, attributionControl: true });
  map.fitBounds(CZECHIA);
  map.getContainer().setAttribute('aria-label', label);
  map.getContainer().setAttribute('role', 'application');
  let loaded = false;
  let failed = false;
  L.tileLayer(TILES, { maxZoom: 18, attribution: ATTRIBUTION, crossOrigin: true })
    .on('tileload', () => (loaded = true))
    .on('tileerror', () => {
      if (loaded || failed) return;
      failed = true;
      onTilesFailed();
    })
    .addTo(map);
  return map;
}

/** [lat, lon] pairs of a ring of [lon, lat] positions, without the closing repeat. */
export const latLngsOf = (ring: number[][]): L.LatLngExpression[] => ring.slice(0, -1).map(([lon, lat]) => [lat, lon] as L.LatLngTuple);

/** Draws the polygons of an area into a layer group (replacing what it held). */
export function drawArea(layer: L.LayerGroup, area: MapArea | null): void {
  layer.clearLayers();
  for (const rings of area?.coordinates ?? []) {
    L.polygon(rings.map(latLngsOf), { color: '#0b5cad', weight: 2, fillOpacity: 0.18 }).addTo(layer);
  }
}

export function fitArea(map: L.Map, area: MapArea | null): void {
  const positions = (area?.coordinates ?? []).flat(2);
  if (positions.length === 0) return;
  map.fitBounds(L.latLngBounds(positions.map(([lon, lat]) => [lat, lon] as L.LatLngTuple)), { padding: [24, 24], maxZoom: 15 });
}

export { L };
