import { areaPointOf, ringSide, type MapArea, type Offer } from '@rr/proto';
import { GrowableF64, GrowableI32 } from './growable';

/**
 * The areas drawn on a map of the watchdogs that have one (`mapAreaAllows` from @rr/proto),
 * checked on the candidates the index found: the index files such a watchdog under the circle of
 * its place, which holds the area, so only offers near the area ever reach this check. Kept
 * compact, like the word filter: every area is one run of numbers in one typed array —
 * [south, west, north, east, polygons, then per polygon: rings, then per ring: corners and the
 * corners' longitude, latitude pairs] — so a candidate outside the bounding box costs four
 * comparisons, and one inside it a point-in-polygon test (proto's `ringSide`) on numbers read
 * front to back.
 */
export class AreaFilter {
  /** Per slot: where its run starts in `runs` (0: no area; runs start at 1). */
  private readonly starts = new GrowableI32(1024);
  private readonly runs = new GrowableF64(4096);
  /** The current offer's GPS point (NaN when it has none: then no area allows it). */
  private lon = NaN;
  private lat = NaN;

  constructor() {
    this.runs.push(0); // offset 0 means "no area"
  }

  /** Areas filed (a redrawn one counts again until the next rebuild). */
  count = 0;

  /** Files the area of a slot. */
  set(slot: number, area: MapArea): void {
    this.count++;
    const runs = this.runs;
    const at = runs.length;
    let south = Infinity;
    let west = Infinity;
    let north = -Infinity;
    let east = -Infinity;
    for (let i = 0; i < 4; i++) runs.push(0);
    runs.push(area.coordinates.length);
    for (const rings of area.coordinates) {
      runs.push(rings.length);
      for (const ring of rings) {
        const closed = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1];
        const corners = closed ? ring.length - 1 : ring.length;
        runs.push(corners);
        for (let k = 0; k < corners; k++) {
          const [lon, lat] = ring[k];
          runs.push(lon);
          runs.push(lat);
          west = Math.min(west, lon);
          east = Math.max(east, lon);
          south = Math.min(south, lat);
          north = Math.max(north, lat);
        }
      }
    }
    runs.data[at] = south;
    runs.data[at + 1] = west;
    runs.data[at + 2] = north;
    runs.data[at + 3] = east;
    this.starts.set(slot, at);
  }

  /** Whether the slot has an area (the candidates that need `allows`). */
  has(slot: number): boolean {
    return slot < this.starts.length && this.starts.data[slot] !== 0;
  }

  /** Starts a lookup: the offer whose point the next `allows` calls check (a GPS point only). */
  begin(offer: Pick<Offer, 'location'>): void {
    const point = areaPointOf(offer.location);
    this.lon = point ? point.lon : NaN;
    this.lat = point ? point.lat : NaN;
  }

  /** Whether the current offer's point lies in the slot's area (inside a polygon or on its edge). */
  allows(slot: number): boolean {
    const r = this.runs.data;
    let at = this.starts.data[slot];
    const x = this.lon;
    const y = this.lat;
    // NaN fails every comparison: an offer without a GPS point is outside every area.
    if (!(y >= r[at] && x >= r[at + 1] && y <= r[at + 2] && x <= r[at + 3])) return false;
    const polygons = r[at + 4];
    at += 5;
    for (let p = 0; p < polygons; p++) {
      const rings = r[at++];
      let inside = false;
      let edge = false;
      for (let k = 0; k < rings; k++) {
        const end = at + 1 + 2 * r[at];
        if (!edge) {
          const side = ringSide(r, at + 1, end, x, y);
          if (side === 0) edge = true;
          else if (side === 1) inside = !inside;
        }
        at = end;
      }
      if (edge || inside) return true;
    }
    return false;
  }
}
