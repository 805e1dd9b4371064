import type { GeoPoint, PlaceHierarchy, PlaceKind } from '@rr/proto';
import type { Gazetteer } from '@rr/gazetteer';

/** What the account service needs to know about places: where they lie and what they are called. */
export type PlaceDirectory = {
  hierarchy: PlaceHierarchy;
  /** The canonical name and centre of a place, or null when no such place exists. */
  resolve: (kind: PlaceKind, code: string) => { name: string; point: GeoPoint } | null;
  /** The municipality (in Prague: the district) a point lies in, or null outside Czechia. */
  near: (point: GeoPoint) => { kind: PlaceKind; code: string; name: string; point: GeoPoint } | null;
};

export function gazetteerDirectory(gazetteer: Gazetteer): PlaceDirectory {
  return {
    hierarchy: (ref) => {
      const place = gazetteer.placeByCode(ref.kind, ref.code);
      return place ? { regionCode: place.regionCode, districtCode: place.districtCode, municipalityCode: place.municipalityCode } : null;
    },
    resolve: (kind, code) => {
      const place = gazetteer.placeByCode(kind, code);
      return place ? { name: place.label, point: place.point } : null;
    },
    near: ({ lat, lon }) => {
      const found = gazetteer.resolveByPoint(lat, lon);
      const place = found ? found.pragueDistrict ?? found.municipality : null;
      return place ? { kind: place.kind, code: place.code, name: place.label, point: place.point } : null;
    },
  };
}
