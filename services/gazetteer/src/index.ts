import { municipalitiesCsvPath } from '@rr/kit';
import { Gazetteer } from './gazetteer';
import { readMunicipalities } from './load';

export { Gazetteer, PRAGUE_CODE } from './gazetteer';
export { distanceKm, insideCzechia, CZ_BOUNDS } from './geo';
export { fold, fixCapitals, formatPostcode } from './text';
export { parseMunicipalities, readMunicipalities, type MunicipalityRow } from './load';
export type { Place, PlaceRef, Resolution } from './types';

let shared: Gazetteer | null = null;

/**
 * The process-wide gazetteer, loaded on first use from the open-data list (`MUNICIPALITIES_CSV`
 * or `../shared/data/cz-municipalities.csv`). Loading takes tens of milliseconds; lookups after
 * that are in memory.
 */
export function getGazetteer(): Gazetteer {
  shared ??= loadGazetteer();
  return shared;
}

/** A fresh gazetteer from a CSV path (tests, tools); services use `getGazetteer()`. */
export function loadGazetteer(csvPath: string = municipalitiesCsvPath()): Gazetteer {
  return new Gazetteer(readMunicipalities(csvPath));
}
