import type { Gazetteer } from '@rr/gazetteer';
import { indexedPlaceOf, type SearchPlace, type WatchdogPlace } from '@rr/proto';

/** The codes a search reads from each indexed field of the offer store (`{ <field>, foundAt, _id }`). */
export type IndexedPlaces = { regionCode: string[]; districtCode: string[]; municipalityCode: string[] };

export type SearchPlan = {
  /** The places as a watchdog holds them (name and centre from the gazetteer): the exact check. */
  places: WatchdogPlace[];
  /** What the store reads: candidates, each checked against `places`. */
  indexed: IndexedPlaces;
};

/**
 * Resolves a search's places with the gazetteer: an unknown code is named (by the parameter that
 * gave it), a Prague district is read in Prague's municipality, and a radius becomes the
 * municipalities whose offers can lie within it (`$in` on the municipality index), the offers'
 * own points then checked against the circle by the watchdog criteria.
 */
export function planSearch(gazetteer: Gazetteer, asked: SearchPlace[], fieldOf: (index: number) => string): { plan: SearchPlan } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const places: WatchdogPlace[] = [];
  const indexed = { regionCode: new Set<string>(), districtCode: new Set<string>(), municipalityCode: new Set<string>() };
  asked.forEach((p, i) => {
    const known = gazetteer.placeByCode(p.kind, p.code);
    if (!known) {
      fields[fieldOf(i)] ??= `no ${p.kind} has the code ${p.code} (autocomplete gives the codes)`;
      return;
    }
    places.push({ kind: p.kind, code: p.code, name: known.name, point: known.point, radiusKm: p.radiusKm });
    const own = indexedPlaceOf(p.kind, p.code);
    indexed[own.field].add(own.code);
    if (p.radiusKm > 0) for (const m of gazetteer.municipalitiesNear(known.point, p.radiusKm)) indexed.municipalityCode.add(m.code);
  });
  if (Object.keys(fields).length > 0) return { fields };
  return { plan: { places, indexed: { regionCode: [...indexed.regionCode], districtCode: [...indexed.districtCode], municipalityCode: [...indexed.municipalityCode] } } };
}
