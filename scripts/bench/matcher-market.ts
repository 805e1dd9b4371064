import type { DispositionLabel, Offer, WatchdogCriteria, WatchdogPlace } from '@rr/proto';
import { PRAGUE_CODE, type Gazetteer, type Place } from '@rr/gazetteer';

/**
 * Watchdogs and offers shaped like the Czech market, from the real places of the gazetteer: most
 * searches around Prague and Brno, the rest spread by population; a mix of region, district,
 * municipality, Prague district and surrounding-area searches; realistic price and area ranges.
 * Deterministic for a seed.
 */

export type Random = ReturnType<typeof seeded>;

export function seeded(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    /** Log-normal around a median, e.g. prices. */
    around: (median: number, spread: number) => median * Math.exp((next() + next() + next() - 1.5) * spread),
    weighted: <T>(items: ReadonlyArray<readonly [T, number]>): T => {
      let x = next() * items.reduce((sum, [, w]) => sum + w, 0);
      for (const [item, w] of items) if ((x -= w) <= 0) return item;
      return items[items.length - 1][0];
    },
  };
}

const LAYOUTS: DispositionLabel[] = ['1+kk', '1+1', '2+kk', '2+1', '3+kk', '3+1', '4+kk', '4+1', '5+kk', '5+1', '6+'];
const BRNO_CODE = '582786';
type Area = 'prague' | 'brno' | 'rest';

/** Features people ask for by word (folded terms), and how often an offer's text mentions each (its Czech spelling). */
const FEATURES: ReadonlyArray<readonly [term: string, text: string, share: number]> = [
  ['balkon*', 's balkónem', 0.35], ['terasa*', 'terasa', 0.15], ['sklep*', 'sklep', 0.4], ['garaz*', 'garážové stání', 0.25],
  ['parkovani', 'parkování před domem', 0.3], ['vytah*', 'výtah', 0.4], ['zahrad*', 'zahrada', 0.2], ['novostavb*', 'novostavba', 0.15],
  ['cihl*', 'cihlový dům', 0.35], ['rekonstrukc*', 'po rekonstrukci', 0.3], ['lodzi*', 'lodžie', 0.1], ['klimatizac*', 'klimatizace', 0.05],
];
/** What people refuse by word. */
const REFUSED: ReadonlyArray<readonly [term: string, text: string, share: number]> = [
  ['drazb*', 'dražba', 0.03], ['podil*', 'podíl 1/2', 0.02], ['druzstev*', 'družstevní vlastnictví', 0.1], ['panel*', 'panelový dům', 0.3],
];

export class Market {
  /** Words and texts come from a stream of their own, so the other fields stay as they were. */
  private readonly text = seeded(20261125);
  /** The seller's stream, so words and the other fields stay as they were. */
  private readonly seller$ = seeded(20261126);
  private readonly municipalities: Place[];
  private readonly cumulative: Float64Array;
  private readonly pragueDistricts: readonly Place[];
  private readonly praha: Place;
  private readonly brno: Place;

  constructor(private readonly places: Gazetteer, private readonly r: Random) {
    this.municipalities = places.list('municipality').filter((m) => m.code !== PRAGUE_CODE && m.code !== BRNO_CODE);
    this.cumulative = new Float64Array(this.municipalities.length);
    let sum = 0;
    this.municipalities.forEach((m, i) => (this.cumulative[i] = sum += m.population));
    this.pragueDistricts = places.list('pragueDistrict');
    this.praha = places.placeByCode('municipality', PRAGUE_CODE)!;
    this.brno = places.placeByCode('municipality', BRNO_CODE)!;
  }

  watchdog(): WatchdogCriteria {
    const r = this.r;
    // Searches follow market size: Prague and its surroundings (~2.7 M people, the most listings)
    // well ahead of Brno's (~0.7 M), the rest by population.
    const area = r.weighted<Area>([['prague', 0.38], ['brno', 0.1], ['rest', 0.52]]);
    const adType = r.weighted([['Sale', 0.55], ['Rent', 0.4], ['Auction', 0.03], ['Roommates', 0.02]] as const);
    const type = r.weighted([['Apartment', 0.6], ['House', 0.25], ['Land', 0.12], ['Commercial', 0.03]] as const);
    const rent = adType === 'Rent' || adType === 'Roommates';
    const median = this.medianPrice(area, rent, type);
    const priceTo = r.chance(0.92) ? roundTo(r.around(median, 0.45), rent ? 1000 : 100_000) : null;
    // Most people search a price window ("5 to 7 million"), not just a ceiling.
    const priceFrom = r.chance(0.8) ? roundTo((priceTo ?? median) * (0.65 + r.next() * 0.25), rent ? 1000 : 100_000) : null;
    const layouts = (type === 'Apartment' || type === 'House') && r.chance(0.85) ? this.layouts() : [];
    const areaFrom = type !== 'Land' && r.chance(0.75) ? r.int(3, 12) * 10 : null;
    const count = r.weighted([[1, 0.7], [2, 0.2], [3, 0.1]] as const);
    return {
      adTypes: r.chance(0.03) ? ['Sale', 'Rent'] : [adType],
      realEstateTypes: type === 'Apartment' && r.chance(0.08) ? ['Apartment', 'House'] : [type],
      dispositions: layouts,
      area: { from: areaFrom, to: areaFrom != null && r.chance(0.5) ? areaFrom + r.int(2, 6) * 10 : null },
      price: { from: priceFrom, to: priceTo },
      pricePerM2: r.chance(0.05) ? { to: roundTo(median / 60, 1000) } : {},
      landArea: (type === 'Land' || type === 'House') && r.chance(0.4) ? { from: r.int(3, 15) * 100 } : {},
      landTypes: type === 'Land' && r.chance(0.5) ? ['BuildPlot'] : [],
      houseTypes: type === 'House' && r.chance(0.3) ? [r.pick(['Detached', 'Terraced', 'Cottage'] as const)] : [],
      beds: adType === 'Roommates' && r.chance(0.5) ? { to: r.int(1, 3) } : {},
      elevatorOnly: type === 'Apartment' && r.chance(0.08),
      terraceTypes: r.chance(0.1) ? [r.pick(['Balcony', 'Terrace', 'Loggia'] as const)] : [],
      places: Array.from({ length: count }, () => this.place(area)),
      includeWithoutPrice: r.chance(0.7),
      priceDrops: r.chance(0.1),
      backOnMarket: false,
      noLongerActive: false,
      words: this.words(),
      // Areas drawn on a map are added by matcher-areas.ts.
      mapArea: null,
      seller: this.sellerChoice(),
    };
  }

  /** One watchdog in ten chooses the seller: most of those want private sellers only (issue 19's "leave out agencies"). */
  private sellerChoice(): WatchdogCriteria['seller'] {
    const r = this.seller$;
    return r.chance(0.1) ? (r.chance(0.8) ? 'private' : 'agency') : 'any';
  }

  /** About a quarter of offers come from private sellers, two thirds from agencies; the rest do not say. */
  private seller(): boolean | null {
    const r = this.seller$;
    const x = r.int(0, 99);
    return x < 25 ? true : x < 90 ? false : null;
  }

  /** About one watchdog in five asks for words: 15 % want one or two features, 8 % refuse one. */
  private words(): WatchdogCriteria['words'] {
    const r = this.text;
    const any = r.chance(0.15) ? [...new Set(Array.from({ length: r.int(1, 2) }, () => r.pick(FEATURES)[0]))].sort() : [];
    const none = r.chance(0.08) ? [r.pick(REFUSED)[0]] : [];
    return { any, none };
  }

  /** A title and a description mentioning features and refusals at their shares. */
  private description(type: string, layout: string | null, floor: number | null): { title: string; description: string } {
    const r = this.text;
    const mentioned = [...FEATURES, ...REFUSED].filter(([, , share]) => r.chance(share)).map(([, text]) => text);
    const what = type === 'Apartment' ? 'bytu' : type === 'House' ? 'rodinného domu' : type === 'Land' ? 'pozemku' : 'komerčního prostoru';
    return {
      title: `Prodej ${what}${layout ? ` ${layout}` : ''}${floor ? ` ${floor} m²` : ''}`,
      description: `Nabízíme ${what} v klidné lokalitě. ${mentioned.join(', ')}. Dobrá dostupnost MHD, obchody a škola v docházkové vzdálenosti.`,
    };
  }

  offer(n: number): Offer {
    const r = this.r;
    const area = r.weighted<Area>([['prague', 0.25], ['brno', 0.1], ['rest', 0.65]]);
    const adType = r.weighted([['Sale', 0.6], ['Rent', 0.35], ['Auction', 0.03], ['Roommates', 0.02]] as const);
    const type = r.weighted([['Apartment', 0.55], ['House', 0.25], ['Land', 0.15], ['Commercial', 0.05]] as const);
    const rent = adType === 'Rent' || adType === 'Roommates';
    const price = r.chance(0.07) ? null : roundTo(r.around(this.medianPrice(area, rent, type), 0.6), rent ? 500 : 10_000);
    const floor = type === 'Land' ? null : r.int(25, 180);
    const landArea = type === 'Land' || type === 'House' ? r.int(200, 2500) : null;
    const layout = type === 'Apartment' || type === 'House' ? r.weighted(LAYOUTS.map((l, i) => [l, i < 6 ? 3 : 1] as const)) : null;
    return {
      id: `p_${n}`, adType, realEstateType: type, dispositionLabel: layout, price, area: floor, landArea,
      pricePerM2: price != null && floor ? Math.round(price / floor) : null, beds: adType === 'Roommates' ? r.int(1, 4) : null,
      elevator: type === 'Apartment' ? r.chance(0.5) : null, terraceTypes: r.chance(0.4) ? ['Balcony'] : [],
      landType: type === 'Land' ? r.pick(['BuildPlot', 'Commercial', 'Other'] as const) : null,
      houseType: type === 'House' ? r.pick(['Detached', 'Terraced', 'Cottage'] as const) : null,
      location: this.location(area),
      ...this.description(type, layout, floor),
      privateSeller: this.seller(),
    } as Offer;
  }

  private medianPrice(area: Area, rent: boolean, type: string): number {
    const local = area === 'prague' ? 1.8 : area === 'brno' ? 1.3 : 0.8;
    const base = type === 'Land' ? (rent ? 8_000 : 2_000_000) : type === 'House' ? (rent ? 30_000 : 7_000_000) : rent ? 18_000 : 5_000_000;
    return base * local;
  }

  private layouts(): DispositionLabel[] {
    const start = this.r.weighted(LAYOUTS.slice(0, 8).map((l, i) => [i, i >= 2 && i <= 5 ? 3 : 1] as const));
    return LAYOUTS.slice(start, start + this.r.weighted([[1, 0.6], [2, 0.35], [3, 0.05]] as const));
  }

  private place(area: Area): WatchdogPlace {
    const r = this.r;
    const radius = (place: Place, km: number): WatchdogPlace => ({ kind: place.kind, code: place.code, name: place.name, point: place.point, radiusKm: km });
    const plain = (place: Place) => radius(place, 0);
    if (area === 'prague') {
      return r.weighted<() => WatchdogPlace>([
        [() => plain(r.pick(this.pragueDistricts)), 0.7],
        [() => plain(this.praha), 0.06],
        [() => radius(this.praha, r.pick([3, 5, 10, 15])), 0.04],
        [() => plain(this.places.placeByCode('district', r.pick(['CZ0209', 'CZ020A'])!)!), 0.05],
        [() => radius(this.nearby(this.praha, 35), r.pick([0, 3, 5, 10])), 0.14],
        [() => plain(this.places.placeByCode('region', 'CZ020')!), 0.01],
      ])();
    }
    if (area === 'brno') {
      return r.weighted<() => WatchdogPlace>([
        [() => plain(this.brno), 0.45],
        [() => radius(this.brno, r.pick([3, 5, 10, 15])), 0.12],
        [() => plain(this.places.placeByCode('district', 'CZ0643')!), 0.14],
        [() => radius(this.nearby(this.brno, 30), r.pick([0, 3, 5, 10])), 0.25],
        [() => plain(this.places.placeByCode('region', 'CZ064')!), 0.04],
      ])();
    }
    const town = this.byPopulation();
    return r.weighted<() => WatchdogPlace>([
      [() => plain(town), 0.6],
      [() => radius(town, r.pick([3, 5, 10, 15, 25])), 0.18],
      [() => plain(this.places.placeByCode('district', town.districtCode!)!), 0.18],
      [() => plain(this.places.placeByCode('region', town.regionCode)!), 0.04],
    ])();
  }

  private location(area: Area): Offer['location'] {
    const r = this.r;
    if (area === 'prague' && r.chance(0.85)) {
      const district = r.pick(this.pragueDistricts);
      return {
        name: district.name, regionCode: 'CZ010', districtCode: 'CZ0100', municipalityCode: PRAGUE_CODE, pragueDistrictCode: district.code,
        point: jitter(r, district.point, 2), resolvedBy: 'gps',
      };
    }
    const town = area === 'brno' && r.chance(0.6) ? this.brno : area === 'rest' ? this.byPopulation() : this.nearby(area === 'brno' ? this.brno : this.praha, 35);
    return {
      name: town.name, regionCode: town.regionCode, districtCode: town.districtCode, municipalityCode: town.code, pragueDistrictCode: null,
      point: jitter(r, town.point, town.radiusKm), resolvedBy: 'gps',
    };
  }

  private byPopulation(): Place {
    const x = this.r.next() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return this.municipalities[lo];
  }

  private nearbyCache = new Map<string, Place[]>();

  private nearby(center: Place, km: number): Place {
    let list = this.nearbyCache.get(center.code);
    if (!list) {
      list = this.municipalities.filter((m) => Math.abs(m.point.lat - center.point.lat) < km / 111 && Math.abs(m.point.lon - center.point.lon) < km / 71);
      this.nearbyCache.set(center.code, list);
    }
    return this.r.pick(list);
  }
}

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

function jitter(r: Random, point: { lat: number; lon: number }, km: number) {
  return { lat: point.lat + ((r.next() - 0.5) * 2 * km) / 111, lon: point.lon + ((r.next() - 0.5) * 2 * km) / 71 };
}
