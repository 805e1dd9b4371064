import { readFileSync } from 'node:fs';
import { fixCapitals } from './text';

/** One row of `cz-municipalities.csv` (see shared/data/README.md), names already in normal case. */
export type MunicipalityRow = {
  name: string;
  code: string;
  districtName: string;
  districtCode: string;
  regionName: string;
  regionCode: string;
  postcode: string;
  lat: number;
  lon: number;
};

const HEADER = ['Obec', 'Kód obce', 'Okres', 'Kód okresu', 'Kraj', 'Kód kraje', 'PSČ', 'Latitude', 'Longitude'];

/** Parses the CSV (no quoted fields in it); a row that does not fit stops the load with its line number. */
export function parseMunicipalities(csv: string): MunicipalityRow[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines[0]?.split(',').map((h) => h.trim());
  if (!header || HEADER.some((h, i) => header[i] !== h)) {
    throw new Error(`municipality list: unexpected header "${lines[0] ?? ''}", expected "${HEADER.join(',')}"`);
  }
  return lines.slice(1).map((line, i) => {
    const f = line.split(',').map((v) => v.trim());
    const lat = Number(f[7]);
    const lon = Number(f[8]);
    if (f.length !== HEADER.length || !f[1] || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      throw new Error(`municipality list: line ${i + 2} does not parse: "${line}"`);
    }
    return {
      name: fixCapitals(f[0]).replace(/ - /g, '-'),
      code: f[1], districtName: f[2], districtCode: f[3], regionName: f[4], regionCode: f[5], postcode: f[6], lat, lon,
    };
  });
}

export function readMunicipalities(path: string): MunicipalityRow[] {
  return parseMunicipalities(readFileSync(path, 'utf8'));
}
