import type { AdType, LandType, RealEstateType } from '@rr/proto';
import { BRNO_CODE, OSTRAVA_CODE, PLZEN_CODE, PRAHA_CODE, type Municipality } from './places';
import type { Rng } from './rng';

/** Sale price of a flat per m² in a region's towns (CZK, 2026 levels). */
const SALE_PER_M2: Record<string, number> = {
  CZ010: 138000, CZ020: 72000, CZ031: 55000, CZ032: 52000, CZ041: 36000, CZ042: 32000, CZ051: 58000,
  CZ052: 56000, CZ053: 54000, CZ063: 48000, CZ064: 62000, CZ071: 54000, CZ072: 52000, CZ080: 38000,
};
const CITY_SALE_PER_M2: Record<string, number> = {
  [PRAHA_CODE]: 138000, [BRNO_CODE]: 108000, [PLZEN_CODE]: 72000, [OSTRAVA_CODE]: 46000,
};
const CITY_RENT_PER_M2: Record<string, number> = {
  [PRAHA_CODE]: 420, [BRNO_CODE]: 340, [PLZEN_CODE]: 260, [OSTRAVA_CODE]: 210,
};

const LAND_FACTOR: Record<LandType, number> = { BuildPlot: 1, Commercial: 0.8, Other: 0.12 };

function salePerM2(m: Municipality, isTown: boolean): number {
  return CITY_SALE_PER_M2[m.code] ?? (SALE_PER_M2[m.regionCode] ?? 45000) * (isTown ? 1 : 0.62);
}

/** A plausible asking price; sale prices end in thousands, rents in hundreds. */
export function plausiblePrice(rng: Rng, args: {
  adType: AdType; realEstateType: RealEstateType; landType?: LandType | null; area: number | null; landArea: number | null;
  municipality: Municipality; isTown: boolean;
}): number {
  const { adType, realEstateType, municipality: m, isTown } = args;
  const area = args.area ?? 0;
  const landArea = args.landArea ?? 0;
  const spread = 0.8 + rng.next() * 0.45;
  const perM2 = salePerM2(m, isTown);
  if (adType === 'Roommates') return roundTo(rng.int(5500, m.code === PRAHA_CODE ? 14000 : 10000), 500);
  if (adType === 'Rent') {
    const rentPerM2 = CITY_RENT_PER_M2[m.code] ?? (isTown ? 230 : 170);
    const base = realEstateType === 'Land' ? Math.max(2000, landArea * 8) : Math.max(area, 12) * rentPerM2;
    return roundTo(base * spread, 500);
  }
  let total: number;
  switch (realEstateType) {
    case 'Apartment': total = area * perM2; break;
    case 'House': total = area * perM2 * 0.78 + landArea * perM2 * 0.04; break;
    case 'Land': total = landArea * Math.max(args.landType === 'BuildPlot' ? 400 : 60, perM2 * (m.code === PRAHA_CODE ? 0.09 : 0.05) * LAND_FACTOR[args.landType ?? 'Other']); break;
    case 'Commercial': total = area * perM2 * 0.55; break;
    default: total = Math.max(area, 15) * perM2 * 0.3;
  }
  if (adType === 'Auction') total *= 0.7;
  const price = roundTo(total * spread, total > 3_000_000 ? 10_000 : 1_000);
  return rng.chance(0.4) && price > 100_000 ? price - (price > 3_000_000 ? 10_000 : 1_000) : price;
}

export function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}
