import type { AdType, DispositionLabel, HouseType, LandType, RealEstateType } from '@rr/proto';
import { SimInputError, type PropertyInput, type SimProperty } from '../domain';
import {
  BRNO_CODE, CITY_PARTS, OSTRAVA_CODE, PLZEN_CODE, PRAGUE_DISTRICTS, PRAHA_CODE, STREETS, simPlaceOf, type Municipality,
} from './places';
import { plausiblePrice } from './prices';
import type { Rng } from './rng';
import { CONTACT_NAMES, describe } from './texts';

/** Where properties are: the big four cities weigh most, as on the real portals. */
export type PlaceIndex = {
  byCode: Map<string, Municipality>;
  /** Statutory towns (capital-letter names in the CSV and the district seats) get more offers than villages. */
  towns: Municipality[];
  others: Municipality[];
};

export function indexPlaces(all: Municipality[]): PlaceIndex {
  const byCode = new Map(all.map((m) => [m.code, m]));
  const districtSeats = new Set(all.filter((m) => m.districtName === m.name || m.districtName.startsWith(`${m.name}-`)).map((m) => m.code));
  const big = new Set([PRAHA_CODE, BRNO_CODE, OSTRAVA_CODE, PLZEN_CODE]);
  const towns = all.filter((m) => districtSeats.has(m.code) && !big.has(m.code));
  const others = all.filter((m) => !districtSeats.has(m.code) && !big.has(m.code));
  return { byCode, towns, others };
}

function pickMunicipality(rng: Rng, places: PlaceIndex): Municipality {
  const kind = rng.weighted([['praha', 24], ['brno', 9], ['ostrava', 6], ['plzen', 4], ['town', 27], ['other', 30]] as const);
  const code = { praha: PRAHA_CODE, brno: BRNO_CODE, ostrava: OSTRAVA_CODE, plzen: PLZEN_CODE }[kind as string];
  if (code) return places.byCode.get(code)!;
  return rng.pick(kind === 'town' ? places.towns : places.others);
}

const FLAT_LAYOUTS: [DispositionLabel, number, number, number][] = [
  ['1+kk', 12, 22, 38], ['1+1', 8, 30, 45], ['2+kk', 20, 40, 62], ['2+1', 14, 50, 70], ['3+kk', 14, 62, 92],
  ['3+1', 12, 68, 95], ['4+kk', 6, 85, 125], ['4+1', 4, 90, 130], ['5+kk', 2, 110, 160], ['5+1', 1, 120, 170],
  ['6+', 1, 150, 250], ['atypical', 1, 30, 120],
];

function jitter(rng: Rng, km: number): [number, number] {
  const dLat = (rng.next() * 2 - 1) * (km / 111);
  const dLon = (rng.next() * 2 - 1) * (km / 72);
  return [dLat, dLon];
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** A realistic Czech property; every fact in `input` is kept as given. */
export function generateProperty(rng: Rng, places: PlaceIndex, input: PropertyInput, id: string, now: Date): SimProperty {
  const municipality = input.municipalityCode ? places.byCode.get(input.municipalityCode) : pickMunicipality(rng, places);
  if (!municipality) throw new SimInputError(`unknown municipality code ${input.municipalityCode}`, 'municipalityCode');
  const isTown = !places.others.includes(municipality);

  const realEstateType: RealEstateType = input.realEstateType
    ?? rng.weighted([['Apartment', 56], ['House', 19], ['Land', 14], ['Commercial', 8], ['Other', 3]] as const);
  const adType: AdType = input.adType ?? pickAdType(rng, realEstateType);

  let dispositionLabel: DispositionLabel | null = null;
  let houseType: HouseType | null = null;
  let landType: LandType | null = null;
  let area: number | null = null;
  let landArea: number | null = null;
  if (realEstateType === 'Apartment') {
    if (adType === 'Roommates') {
      dispositionLabel = 'room';
      area = rng.int(11, 22);
    } else {
      const [label, , min, max] = rng.weighted(FLAT_LAYOUTS.map((l) => [l, l[1]] as const));
      dispositionLabel = label;
      area = rng.int(min, max);
    }
  } else if (realEstateType === 'House') {
    houseType = rng.weighted([['Detached', 70], ['Terraced', 15], ['Cottage', 10], ['Hut', 5]] as const);
    const small = houseType === 'Hut' || houseType === 'Cottage';
    area = small ? rng.int(28, 100) : rng.int(90, 260);
    landArea = rng.int(small ? 200 : 300, small ? 1200 : 1600);
    dispositionLabel = small ? null : rng.pick(['3+kk', '4+kk', '4+1', '5+kk', '5+1', '6+'] as const);
  } else if (realEstateType === 'Land') {
    landType = rng.weighted([['BuildPlot', 65], ['Commercial', 10], ['Other', 25]] as const);
    landArea = landType === 'Commercial' ? rng.int(1000, 12000) : landType === 'BuildPlot' ? rng.int(450, 2200) : rng.int(300, 15000);
  } else if (realEstateType === 'Commercial') {
    area = rng.int(35, 600);
  } else {
    area = rng.int(14, 28);
  }
  if (input.disposition !== undefined) dispositionLabel = input.disposition;
  if (input.dispositionLabel !== undefined) dispositionLabel = input.dispositionLabel;
  if (input.houseType !== undefined) {
    houseType = input.houseType;
    // Cottages and huts are not described by a room layout.
    if ((houseType === 'Cottage' || houseType === 'Hut') && input.disposition === undefined && input.dispositionLabel === undefined) dispositionLabel = null;
  }
  if (input.landType !== undefined) landType = input.landType;
  if (input.area !== undefined) area = input.area;
  if (input.landArea !== undefined) landArea = input.landArea;

  const isPrague = municipality.code === PRAHA_CODE;
  const district = isPrague
    ? PRAGUE_DISTRICTS.find((d) => d.n === input.pragueDistrict) ?? rng.weighted(PRAGUE_DISTRICTS.map((d) => [d, d.n <= 10 ? 3 : 1] as const))
    : null;
  const cityPart = district ? rng.pick(district.parts) : CITY_PARTS[municipality.code] ? rng.pick(CITY_PARTS[municipality.code]) : null;
  const street = input.street !== undefined ? input.street : rng.chance(isTown || isPrague ? 0.9 : 0.5) ? rng.pick(STREETS) : null;
  const centre = district ?? municipality;
  const radiusKm = district ? 0.7 : CITY_PARTS[municipality.code] ? 2.2 : isTown ? 0.8 : 0.35;
  const [dLat, dLon] = jitter(rng, radiusKm);
  const place = simPlaceOf(municipality, { pragueDistrict: district?.n ?? null, cityPart, street });

  const price = input.price !== undefined
    ? input.price
    : adType !== 'Rent' && adType !== 'Roommates' && rng.chance(0.03)
      ? null
      : plausiblePrice(rng, { adType, realEstateType, landType, area, landArea, municipality, isTown });

  const flat = realEstateType === 'Apartment';
  const floor = flat ? rng.int(0, rng.chance(0.3) ? 12 : 5) : null;
  const construction = flat
    ? rng.weighted([['Brick', 55], ['Panel', 35], ['Other', 10]] as const)
    : realEstateType === 'House' ? rng.weighted([['Brick', 80], ['Wood', 10], ['Stone', 10]] as const) : null;
  const base: Omit<SimProperty, 'description'> = {
    id,
    adType,
    realEstateType,
    dispositionLabel,
    houseType,
    landType,
    area,
    landArea,
    price,
    lat: input.lat ?? round6(centre.lat + dLat),
    lon: input.lon ?? round6(centre.lon + dLon),
    municipalityCode: municipality.code,
    place,
    floor: input.floor !== undefined ? input.floor : floor,
    ownership: input.ownership !== undefined ? input.ownership
      : flat ? rng.weighted([['Direct', 80], ['Cooperative', 18], ['Municipal', 2]] as const) : realEstateType === 'Land' ? null : 'Direct',
    construction: input.construction !== undefined ? input.construction : construction,
    elevator: input.elevator !== undefined ? input.elevator : flat ? (floor ?? 0) >= 3 || rng.chance(0.3) : null,
    terraceTypes: input.terraceTypes ?? (flat ? rng.weighted([[[], 45], [['Balcony'], 30], [['Loggia'], 15], [['Terrace'], 10]] as const).slice() : []),
    beds: input.beds !== undefined ? input.beds : adType === 'Roommates' ? 1 : null,
    contactPerson: input.contactPerson !== undefined ? input.contactPerson : rng.pick(CONTACT_NAMES),
    privateSeller: input.privateSeller ?? rng.chance(0.3),
    photoCount: input.photoCount ?? rng.int(realEstateType === 'Land' ? 1 : 4, 14),
    createdAt: now,
    active: true,
  };
  return { ...base, description: input.description ?? describe(rng, base) };
}

function pickAdType(rng: Rng, type: RealEstateType): AdType {
  if (type === 'Apartment') return rng.weighted([['Sale', 52], ['Rent', 40], ['Roommates', 5], ['Auction', 3]] as const);
  if (type === 'Land') return rng.weighted([['Sale', 95], ['Auction', 3], ['Rent', 2]] as const);
  return rng.weighted([['Sale', 68], ['Rent', 29], ['Auction', 3]] as const);
}
