import type { AdType, DispositionLabel, HouseType, LandType, MapArea, RealEstateType, SellerCriterion, TerraceType, WatchdogPlace, WatchdogCriteria, WatchdogCriteriaInput } from '@rr/proto';

/** Choices the form offers (a subset of the proto enums, in the order people expect). */
export const FORM_AD_TYPES: AdType[] = ['Sale', 'Rent', 'Auction', 'Roommates'];
export const FORM_REAL_ESTATE_TYPES: RealEstateType[] = ['Apartment', 'House', 'Land', 'Commercial', 'Other'];
export const FORM_DISPOSITIONS: DispositionLabel[] = ['1+kk', '1+1', '2+kk', '2+1', '3+kk', '3+1', '4+kk', '4+1', '5+kk', '5+1', '6+', 'atypical', 'room'];
export const FORM_LAND_TYPES: LandType[] = ['BuildPlot', 'Commercial', 'Other'];
export const FORM_HOUSE_TYPES: HouseType[] = ['Detached', 'Terraced', 'Cottage', 'Hut'];
export const FORM_TERRACE_TYPES: TerraceType[] = ['Terrace', 'Loggia', 'Balcony'];
export const RADII_KM = [0, 1, 2, 5, 10, 20, 50] as const;

export type RangeDraft = { from: string; to: string };
export type Draft = {
  adTypes: AdType[];
  realEstateTypes: RealEstateType[];
  dispositions: DispositionLabel[];
  places: WatchdogPlace[];
  price: RangeDraft;
  pricePerM2: RangeDraft;
  area: RangeDraft;
  landArea: RangeDraft;
  beds: RangeDraft;
  landTypes: LandType[];
  houseTypes: HouseType[];
  terraceTypes: TerraceType[];
  elevatorOnly: boolean;
  includeWithoutPrice: boolean;
  priceDrops: boolean;
  backOnMarket: boolean;
  noLongerActive: boolean;
  /** The location is an area drawn on the map (`mapArea`) instead of places. */
  areaMode: boolean;
  mapArea: MapArea | null;
  /** Word chips (must contain any of / must not contain any of) and the seller choice (issue 19). */
  wordsAny: string[];
  wordsNone: string[];
  seller: SellerCriterion;
};

const emptyRange = (): RangeDraft => ({ from: '', to: '' });
export const emptyDraft = (): Draft => ({
  adTypes: ['Sale'],
  realEstateTypes: ['Apartment'],
  dispositions: [],
  places: [],
  price: emptyRange(),
  pricePerM2: emptyRange(),
  area: emptyRange(),
  landArea: emptyRange(),
  beds: emptyRange(),
  landTypes: [],
  houseTypes: [],
  terraceTypes: [],
  elevatorOnly: false,
  includeWithoutPrice: true,
  priceDrops: false,
  backOnMarket: false,
  noLongerActive: false,
  areaMode: false,
  mapArea: null,
  wordsAny: [],
  wordsNone: [],
  seller: 'any',
});

/** Which optional groups apply to the chosen property and offer types. */
export function visibleGroups(draft: Pick<Draft, 'adTypes' | 'realEstateTypes'>) {
  const has = (t: RealEstateType) => draft.realEstateTypes.includes(t);
  return {
    dispositions: has('Apartment') || has('House'),
    area: draft.realEstateTypes.some((t) => t !== 'Land'),
    landArea: has('House') || has('Land'),
    landTypes: has('Land'),
    houseTypes: has('House'),
    elevator: has('Apartment'),
    terrace: has('Apartment') || has('House'),
    beds: draft.adTypes.includes('Roommates'),
  };
}

/** Digits only, so `2 500 000` and `2500000` both read as a number; empty is open. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0.,]/g, '');
  if (!cleaned) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : NaN;
}

const rangeOf = (range: RangeDraft) => ({ from: parseAmount(range.from), to: parseAmount(range.to) });

export type DraftErrors = Partial<Record<'adTypes' | 'realEstateTypes' | 'places' | 'price' | 'pricePerM2' | 'area' | 'landArea' | 'beds',
  'selectOne' | 'location' | 'range' | 'number' | 'areaPositive'>>;

/** Spec §5 checks before sending: a choice in each multi-select, a place, sane ranges, area above 0. */
export function validateDraft(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.adTypes.length === 0) errors.adTypes = 'selectOne';
  if (draft.realEstateTypes.length === 0) errors.realEstateTypes = 'selectOne';
  // 'Zadejte a vyberte oblast': a place, or an area drawn on the map.
  if (draft.areaMode ? !draft.mapArea : draft.places.length === 0) errors.places = 'location';
  for (const key of ['price', 'pricePerM2', 'area', 'landArea', 'beds'] as const) {
    const { from, to } = rangeOf(draft[key]);
    if (Number.isNaN(from) || Number.isNaN(to) || (from ?? 0) < 0 || (to ?? 0) < 0) errors[key] = 'number';
    else if ((key === 'area' || key === 'landArea') && ((from !== null && from <= 0) || (to !== null && to <= 0))) errors[key] = 'areaPositive';
    else if (from !== null && to !== null && from > to) errors[key] = 'range';
  }
  return errors;
}

/** The criteria sent to the API; groups that do not apply to the chosen types are left out. */
export function toCriteria(draft: Draft): WatchdogCriteriaInput {
  const show = visibleGroups(draft);
  const range = (r: RangeDraft, on = true) => {
    if (!on) return {};
    const { from, to } = rangeOf(r);
    return { ...(from !== null ? { from } : {}), ...(to !== null ? { to } : {}) };
  };
  return {
    adTypes: draft.adTypes,
    realEstateTypes: draft.realEstateTypes,
    dispositions: show.dispositions ? draft.dispositions : [],
    area: range(draft.area, show.area),
    price: range(draft.price),
    pricePerM2: range(draft.pricePerM2),
    landArea: range(draft.landArea, show.landArea),
    landTypes: show.landTypes ? draft.landTypes : [],
    houseTypes: show.houseTypes ? draft.houseTypes : [],
    beds: range(draft.beds, show.beds),
    elevatorOnly: show.elevator && draft.elevatorOnly,
    terraceTypes: show.terrace ? draft.terraceTypes : [],
    // With an area the account service chooses the place itself (the one whose circle holds the area).
    places: draft.areaMode ? [] : draft.places.map((p) => ({ kind: p.kind, code: p.code, name: p.name, point: p.point ?? null, radiusKm: p.radiusKm ?? 0 })),
    mapArea: draft.areaMode ? draft.mapArea : null,
    includeWithoutPrice: draft.includeWithoutPrice,
    priceDrops: draft.priceDrops,
    backOnMarket: draft.backOnMarket,
    noLongerActive: draft.noLongerActive,
    words: { any: draft.wordsAny, none: draft.wordsNone },
    seller: draft.seller,
  };
}

const rangeDraft = (r: { from?: number | null; to?: number | null } | undefined): RangeDraft => ({
  from: r?.from != null ? String(r.from) : '',
  to: r?.to != null ? String(r.to) : '',
});

export function fromCriteria(c: WatchdogCriteria): Draft {
  return {
    adTypes: [...c.adTypes],
    realEstateTypes: [...c.realEstateTypes],
    dispositions: [...(c.dispositions ?? [])],
    // An area watchdog's place is the account service's choice, not the person's.
    places: c.mapArea ? [] : c.places.map((p) => ({ ...p, radiusKm: p.radiusKm ?? 0 })),
    price: rangeDraft(c.price),
    pricePerM2: rangeDraft(c.pricePerM2),
    area: rangeDraft(c.area),
    landArea: rangeDraft(c.landArea),
    beds: rangeDraft(c.beds),
    landTypes: [...(c.landTypes ?? [])],
    houseTypes: [...(c.houseTypes ?? [])],
    terraceTypes: [...(c.terraceTypes ?? [])],
    elevatorOnly: !!c.elevatorOnly,
    includeWithoutPrice: c.includeWithoutPrice ?? true,
    priceDrops: !!c.priceDrops,
    backOnMarket: !!c.backOnMarket,
    noLongerActive: !!c.noLongerActive,
    areaMode: c.mapArea != null,
    mapArea: c.mapArea ?? null,
    wordsAny: [...(c.words?.any ?? [])],
    wordsNone: [...(c.words?.none ?? [])],
    seller: c.seller ?? 'any',
  };
}
