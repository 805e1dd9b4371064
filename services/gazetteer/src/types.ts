import type { GeoPoint, PlaceKind } from '@rr/proto';

/**
 * One place of the gazetteer. Codes: region NUTS 3 (`CZ064`), district LAU 1 (`CZ0642`),
 * municipality RÚIAN (`582786`), Prague district `PRAHA-8`.
 */
export type Place = {
  kind: PlaceKind;
  code: string;
  /** The proper name (`Nová Ves`, `Jihomoravský kraj`, `Praha 8`). */
  name: string;
  /** The name made unique for display (`Nová Ves (Rokycany)`); equals `name` when it already is. */
  label: string;
  /** Centre: the municipality's point, or the mean of the municipalities of a district or region. */
  point: GeoPoint;
  /** Roughly how far the place reaches from its centre, for radius checks and GPS resolution. */
  radiusKm: number;
  /** An estimate (exact only for larger towns); it orders autocomplete. */
  population: number;
  /** Codes of the enclosing places (the place's own code at its own level). */
  regionCode: string;
  districtCode: string | null;
  municipalityCode: string | null;
  /** Main postcode, five digits (municipalities only). */
  postcode: string | null;
};

export type PlaceRef = { kind: PlaceKind; code: string };

/** Where a point or a locality text lies. */
export type Resolution = {
  municipality: Place;
  district: Place;
  region: Place;
  /** Set when the municipality is Praha and the district could be told. */
  pragueDistrict: Place | null;
  /** Distance from the point to the municipality centre (GPS), null for text. */
  distanceKm: number | null;
};
