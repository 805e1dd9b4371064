import { EARTH_RADIUS_KM, PRAGUE, type GeoPoint, type PlaceKind } from '@rr/proto';
import { PRAGUE_DISTRICTS } from './data/prague-districts';
import { GridIndex, distanceKm, insideCzechia, quickDistanceKm } from './geo';
import { readMunicipalities, type MunicipalityRow } from './load';
import { fold } from './text';
import type { Place, PlaceRef, Resolution } from './types';
import { TextResolver } from './resolve-text';
import { TOWN_POPULATION_K } from './data/towns';
import { municipalitiesMeeting, municipalityReachKm } from './reach';

/** Prague's municipality code (proto's `PRAGUE`), under the name the gazetteer's users know. */
export const PRAGUE_CODE = PRAGUE.municipalityCode;

/** A point farther than this from every municipality centre is not resolved (sea, abroad, bad data). */
const MAX_RESOLVE_KM = 15;
/**
 * GPS resolution compares `distance − PULL × radius`: a city reaches farther than a village, so a
 * point 9 km from Brno's centre is still Brno while a point near a village centre stays there.
 */
const PULL = 0.6;
/** Grid rings searched around a point (cells of ~11 km): far enough for the largest city's pull. */
const ANCHOR_RINGS = 2;
const VILLAGE_POPULATION = 450;
const DISTRICT_SEAT_POPULATION = 9_000;

const KIND_ORDER: Record<PlaceKind, number> = { municipality: 0, pragueDistrict: 1, district: 2, region: 3 };

/** A point that pulls GPS positions to a municipality: its centre, or one of Prague's district centres. */
type Anchor = { point: GeoPoint; radiusKm: number; municipality: Place; pragueDistrict: Place | null };

const PRAGUE_DISTRICT_REACH_KM = 3.5;

type SearchEntry = { place: Place; name: string; label: string; words: string[] };

/**
 * Czech places in memory: 14 regions, 77 districts, every municipality of the open-data list and
 * Prague's 22 districts. Built once (tens of milliseconds); every lookup after that is in memory.
 */
export class Gazetteer {
  private readonly byKey = new Map<string, Place>();
  private readonly municipalityList: Place[] = [];
  private readonly districtList: Place[] = [];
  private readonly regionList: Place[] = [];
  private readonly pragueList: Place[] = [];
  private readonly grid: GridIndex<Anchor>;
  private readonly searchEntries: SearchEntry[];
  private readonly text: TextResolver;
  private reach: Map<string, number> | null = null;

  constructor(rows: MunicipalityRow[]) {
    const nameCounts = countBy(rows, (r) => r.name);
    const nameInDistrictCounts = countBy(rows, (r) => `${r.name}|${r.districtCode}`);
    for (const r of rows) {
      const populationK = TOWN_POPULATION_K[r.code];
      const seat = r.name === r.districtName || `${r.name}-město` === r.districtName;
      const population = populationK ? populationK * 1000 : seat ? DISTRICT_SEAT_POPULATION : VILLAGE_POPULATION;
      let label = r.name;
      if (nameCounts.get(r.name)! > 1) {
        label = nameInDistrictCounts.get(`${r.name}|${r.districtCode}`)! > 1
          ? `${r.name} (${r.districtName}, ${r.postcode.slice(0, 3)} ${r.postcode.slice(3)})`
          : `${r.name} (${r.districtName})`;
      }
      this.add(this.municipalityList, {
        kind: 'municipality', code: r.code, name: r.name, label, point: { lat: r.lat, lon: r.lon },
        radiusKm: municipalityRadiusKm(population), population,
        regionCode: r.regionCode, districtCode: r.districtCode, municipalityCode: r.code, postcode: r.postcode,
      });
    }
    this.buildAreas(rows);
    this.buildPragueDistricts();
    const praha = this.placeByCode('municipality', PRAGUE_CODE);
    this.grid = new GridIndex<Anchor>([
      ...this.municipalityList.map((m) => ({ point: m.point, radiusKm: m.radiusKm, municipality: m, pragueDistrict: null })),
      // Praha is too big for one centre: each of its districts pulls points to Praha too.
      ...(praha ? this.pragueList.map((d) => ({ point: d.point, radiusKm: PRAGUE_DISTRICT_REACH_KM, municipality: praha, pragueDistrict: d })) : []),
    ], ANCHOR_RINGS);
    this.searchEntries = [...this.regionList, ...this.districtList.filter((d) => d.code !== 'CZ0100'), ...this.municipalityList, ...this.pragueList]
      .sort((a, b) => b.population - a.population || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || COLLATOR.compare(a.label, b.label))
      .map((place) => ({ place, name: searchable(place.name), label: searchable(place.label), words: searchable(place.name).split(' ') }));
    this.text = new TextResolver(this);
  }

  /** Every place of a kind, in no particular order. */
  list(kind: PlaceKind): readonly Place[] {
    return kind === 'municipality' ? this.municipalityList : kind === 'district' ? this.districtList : kind === 'region' ? this.regionList : this.pragueList;
  }

  placeByCode(kind: PlaceKind, code: string): Place | undefined {
    return this.byKey.get(`${kind}:${code}`);
  }

  /** Municipality → district → region; a Prague district's parent is the municipality Praha. */
  parentOf(place: PlaceRef): Place | undefined {
    const p = this.placeByCode(place.kind, place.code);
    if (!p) return undefined;
    if (p.kind === 'pragueDistrict') return this.placeByCode('municipality', PRAGUE_CODE);
    if (p.kind === 'municipality') return this.placeByCode('district', p.districtCode!);
    if (p.kind === 'district') return this.placeByCode('region', p.regionCode);
    return undefined;
  }

  /** The place's parents, nearest first. */
  ancestorsOf(place: PlaceRef): Place[] {
    const out: Place[] = [];
    for (let p = this.parentOf(place); p; p = this.parentOf(p)) out.push(p);
    return out;
  }

  /** Whether `inner` lies within `outer` (a place contains itself). */
  contains(outer: PlaceRef, inner: PlaceRef): boolean {
    if (outer.kind === inner.kind && outer.code === inner.code) return true;
    return this.ancestorsOf(inner).some((p) => p.kind === outer.kind && p.code === outer.code);
  }

  /**
   * Autocomplete over regions, districts, municipalities and Prague districts: diacritics and case
   * do not matter; exact names first, then names starting with the query, then names with a word
   * starting with it, then any other containing it; bigger places first within each.
   */
  search(query: string, limit = 10): Place[] {
    const q = searchable(query);
    if (!q) return [];
    // Entries are kept in display order (bigger first), so ranking is filling four buckets.
    const buckets: Place[][] = [[], [], [], []];
    for (const e of this.searchEntries) {
      if (e.name === q || e.label === q) buckets[0].push(e.place);
      else if (buckets[0].length + buckets[1].length >= limit) continue;
      else if (e.name.startsWith(q) || e.label.startsWith(q)) buckets[1].push(e.place);
      else if (e.words.some((w) => w.startsWith(q))) buckets[2].push(e.place);
      else if (e.label.includes(q)) buckets[3].push(e.place);
    }
    return buckets.flat().slice(0, Math.max(0, limit));
  }

  /**
   * The municipalities whose offers can lie within `radiusKm` of `centre` (a superset: an offer's
   * own point decides). The first call works out each municipality's reach (~0.4 s, `reach.ts`).
   */
  municipalitiesNear(centre: GeoPoint, radiusKm: number): Place[] {
    return municipalitiesMeeting(this.municipalityList, this.reachTable(), centre, radiusKm);
  }

  /** How far from its centre a point located in the municipality can lie (km). */
  reachKm(municipalityCode: string): number | undefined {
    return this.reachTable().get(municipalityCode);
  }

  private reachTable(): Map<string, number> {
    this.reach ??= municipalityReachKm(this.municipalityList, (p) => this.resolveByPoint(p.lat, p.lon)?.municipality ?? null);
    return this.reach;
  }

  /**
   * The municipality a GPS point lies in, by nearest centre weighted by the place's reach, with
   * Prague's district when it is Praha. Null outside Czechia or far from every municipality.
   */
  resolveByPoint(lat: number, lon: number): Resolution | null {
    const point = { lat, lon };
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !insideCzechia(point)) return null;
    let best: Anchor | null = null;
    let bestScore = Infinity;
    let bestDistance = Infinity;
    // Equirectangular distance with the point's own latitude scale: candidates lie within ~30 km,
    // where that ranks them as the haversine does, and the hot loop needs no trigonometry.
    const kmPerDegLat = (Math.PI / 180) * EARTH_RADIUS_KM;
    const kmPerDegLon = kmPerDegLat * Math.cos((lat * Math.PI) / 180);
    for (const a of this.grid.around(point)) {
      const x = (a.point.lon - lon) * kmPerDegLon;
      const y = (a.point.lat - lat) * kmPerDegLat;
      const d = Math.sqrt(x * x + y * y);
      const score = d - PULL * a.radiusKm;
      if (score < bestScore) {
        best = a;
        bestScore = score;
        bestDistance = d;
      }
    }
    if (!best || bestDistance > MAX_RESOLVE_KM + best.radiusKm) return null;
    const m = best.municipality;
    const pragueDistrict = m.code === PRAGUE_CODE ? this.nearestPragueDistrict(point) : null;
    return this.resolution(m, pragueDistrict, distanceKm(point, m.point));
  }

  /**
   * The municipality a locality text names: "Hnězdenská, Praha 8 - Troja", "Brno - Královo Pole",
   * "Plzeň<br>326 00", "Liberec III-Jeřáb", "Nová Ves, okres Rokycany". Uses postcodes, district and
   * region names and Prague's `Praha N`. Null when nothing in the text is a known place.
   */
  resolveByText(localityText: string): Resolution | null {
    const found = this.text.resolve(localityText);
    return found ? this.resolution(found.municipality, found.pragueDistrict, null) : null;
  }

  nearestPragueDistrict(point: GeoPoint): Place {
    let best = this.pragueList[0];
    let bestDistance = Infinity;
    for (const p of this.pragueList) {
      const d = quickDistanceKm(point, p.point);
      if (d < bestDistance) [best, bestDistance] = [p, d];
    }
    return best;
  }

  resolution(municipality: Place, pragueDistrict: Place | null, distance: number | null): Resolution {
    return {
      municipality,
      district: this.placeByCode('district', municipality.districtCode!)!,
      region: this.placeByCode('region', municipality.regionCode)!,
      pragueDistrict,
      distanceKm: distance,
    };
  }

  private add(list: Place[], place: Place): void {
    list.push(place);
    this.byKey.set(`${place.kind}:${place.code}`, place);
  }

  private buildAreas(rows: MunicipalityRow[]): void {
    const groups = (key: (r: MunicipalityRow) => string) => {
      const map = new Map<string, Place[]>();
      for (const r of rows) {
        const members = map.get(key(r)) ?? [];
        members.push(this.placeByCode('municipality', r.code)!);
        map.set(key(r), members);
      }
      return map;
    };
    const first = new Map(rows.map((r) => [r.districtCode, r]));
    for (const [code, members] of groups((r) => r.districtCode)) {
      const r = first.get(code)!;
      this.add(this.districtList, area('district', code, r.districtName, members, { regionCode: r.regionCode, districtCode: code }));
    }
    const firstOfRegion = new Map(rows.map((r) => [r.regionCode, r]));
    for (const [code, members] of groups((r) => r.regionCode)) {
      this.add(this.regionList, area('region', code, firstOfRegion.get(code)!.regionName, members, { regionCode: code, districtCode: null }));
    }
  }

  private buildPragueDistricts(): void {
    const praha = this.placeByCode('municipality', PRAGUE_CODE);
    if (!praha) return;
    for (const d of PRAGUE_DISTRICTS) {
      this.add(this.pragueList, {
        kind: 'pragueDistrict', code: `PRAHA-${d.number}`, name: `Praha ${d.number}`, label: `Praha ${d.number}`,
        point: { lat: d.lat, lon: d.lon }, radiusKm: municipalityRadiusKm(d.population), population: d.population,
        regionCode: praha.regionCode, districtCode: praha.districtCode, municipalityCode: PRAGUE_CODE, postcode: null,
      });
    }
  }
}

/** Rough reach from the centre: about 1.7 km for a village, 9.5 km for Brno, capped at 10 km (Praha has district anchors too). */
function municipalityRadiusKm(population: number): number {
  return Math.min(10, 0.5 + 0.45 * Math.sqrt(population / 1000) + (population < 2000 ? 0.9 : 0));
}

function area(kind: 'district' | 'region', code: string, name: string, members: Place[], parents: { regionCode: string; districtCode: string | null }): Place {
  const point = {
    lat: round6(members.reduce((s, m) => s + m.point.lat, 0) / members.length),
    lon: round6(members.reduce((s, m) => s + m.point.lon, 0) / members.length),
  };
  const radiusKm = Math.max(...members.map((m) => distanceKm(point, m.point) + m.radiusKm));
  return {
    kind, code, name, label: name, point, radiusKm: Math.round(radiusKm * 10) / 10,
    population: members.reduce((s, m) => s + m.population, 0),
    regionCode: parents.regionCode, districtCode: parents.districtCode, municipalityCode: null, postcode: null,
  };
}

const COLLATOR = new Intl.Collator('cs');
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Folded, punctuation as spaces: `Nová Ves (Rokycany)` → `nova ves rokycany`. */
function searchable(text: string): string {
  return fold(text.replace(/[(),.\-–/]+/g, ' '));
}

function countBy<T>(items: T[], key: (t: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
