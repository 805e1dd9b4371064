import { PRAGUE_TIME_ZONE, type AdType, type Building, type DispositionLabel, type HouseType, type LandType, type Ownership, type RealEstateType } from '@rr/proto';

/**
 * Reading Czech real-estate text as the HTML portals (iDNES, Bazoš, Reality.cz, RealityMix) print
 * it. Every function is pure and answers null when the text does not say, rather than guessing.
 */

/**
 * Runs of white space, including the zero-width and joiner spaces portals put inside prices and
 * areas (`\s` already covers the non-breaking, narrow and figure spaces and the BOM).
 */
const SPACES = /[\s\u200b\u200c\u200d]+/g;

export function cleanText(text: string | undefined | null): string {
  return (text ?? '').replace(SPACES, ' ').trim();
}

/** "Prodej…", "Prodám…", "Pronájem…", "Pronajmu…", "Dražba…" at the head of a title or label. */
export function adTypeFromText(text: string): AdType | null {
  const clean = cleanText(text).toLowerCase();
  if (/^dražb/.test(clean)) return 'Auction';
  if (/^(prodej|prodám|prodam)/.test(clean)) return 'Sale';
  if (/^(pronájem|pronajem|pronajmu)/.test(clean)) return 'Rent';
  return null;
}

/** A rented room ("pronájem pokoje") is what the spec calls a Roommates offer. */
export function withRoommates(adType: AdType, label: DispositionLabel | null): AdType {
  return adType === 'Rent' && label === 'room' ? 'Roommates' : adType;
}

const DISPOSITION = /\b(\d)\s*\+\s*(kk|\d)\b/i;

/** "2+kk", "3 + 1", "6 pokojů a více", "atypický", "pokoj", "garsoniéra" → our label. */
export function dispositionFromText(text: string): DispositionLabel | null {
  const clean = cleanText(text);
  const match = DISPOSITION.exec(clean);
  if (match) {
    const rooms = Number(match[1]);
    if (rooms >= 6) return '6+';
    if (rooms < 1) return null;
    // "2+0" has no kitchen of its own: the nearest published layout is the kitchenette one.
    const kitchen = match[2].toLowerCase() === 'kk' || match[2] === '0' ? 'kk' : '1';
    return `${rooms}+${kitchen}` as DispositionLabel;
  }
  if (/\b6\s+(pokojů\s+)?a\s+více\b/i.test(clean)) return '6+';
  if (/atypick|atypické/i.test(clean)) return 'atypical';
  if (/garson/i.test(clean)) return '1+kk';
  if (/\bpokoj(e|i)?\b/i.test(clean)) return 'room';
  return null;
}

const PRICE_ON_REQUEST = /na\s+vyžádání|rezervováno|info\s+v\s+rk|info\s+o\s+ceně|dohodou|v\s+textu|zdarma|nabídněte/i;

/**
 * "6 500 000 Kč", "22.900 Kč/měs.", "17 500 Kč/měsíc (24 313 Kč/m²)" → 6500000, 22900, 17500.
 * Phrases of "price on request" and the placeholder prices 0 and 1 give null.
 */
export function priceFromText(text: string): number | null {
  const clean = cleanText(text);
  if (PRICE_ON_REQUEST.test(clean)) return null;
  const match = /(\d[\d .]*)(?:,(\d{1,2}))?\s*(?:Kč|CZK|,-)/i.exec(clean);
  if (!match) return null;
  const value = Number(match[1].replace(/[ .]/g, ''));
  return Number.isFinite(value) && value > 1 ? value : null;
}

const AREA = /(?<![\d+.,])(\d{1,3}(?:[ .]\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?)\s*m(?:²|2)(?!\d)/gi;

/** "1 250", "1.250" (dotted thousands, Reality.cz), "55,5", "55.5" → number. */
function areaNumber(text: string): number | null {
  const compact = text.trim().replace(/ /g, '');
  const thousands = /^\d{1,3}(\.\d{3})+$/.test(compact);
  const value = Number(thousands ? compact.replace(/\./g, '') : compact.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** "55 m²", "55 m2", "55m<sup>2</sup>" (as text "55 m2"), "1 250,5 m²", "1.250 m²" → number. */
export function areaFromText(text: string): number | null {
  return areasFromText(text)[0] ?? null;
}

/** All areas in a text in order: a house title names the floor area first, then the plot. */
export function areasFromText(text: string): number[] {
  const found: number[] = [];
  for (const match of cleanText(text).matchAll(AREA)) {
    const value = areaNumber(match[1]);
    if (value !== null) found.push(value);
  }
  return found;
}

export function ownershipFromText(text: string): Ownership | null {
  const clean = cleanText(text).toLowerCase();
  if (/spoluvlastn|podíl/.test(clean)) return 'Shared';
  if (/osobní/.test(clean)) return 'Direct';
  if (/družstev/.test(clean)) return 'Cooperative';
  if (/státní|obecní|obce|municip/.test(clean)) return 'Municipal';
  return null;
}

export function constructionFromText(text: string): Building | null {
  const clean = cleanText(text).toLowerCase();
  if (!clean) return null;
  if (/cihl/.test(clean)) return 'Brick';
  if (/panel/.test(clean)) return 'Panel';
  if (/dřev|roub/.test(clean)) return 'Wood';
  if (/kámen|kamen/.test(clean)) return 'Stone';
  if (/smíšen|skelet|montovan|ocel|železobeton|modul/.test(clean)) return 'Other';
  return null;
}

/** "2. patro (3. NP)" → 2, "přízemí" → 0, "3. podlaží" → 3, "-1. patro" → -1. */
export function floorFromText(text: string): number | null {
  const clean = cleanText(text).toLowerCase();
  if (/přízemí/.test(clean)) return 0;
  const match = /(-?\d+)\s*\.\s*(?:patr[oua]|patř[ei]|podlaží|np)/.exec(clean);
  return match ? Number(match[1]) : null;
}

/** "Ano"/"Ne", "s výtahem"/"bez výtahu" → boolean; anything else → null. */
export function yesNo(text: string): boolean | null {
  const clean = cleanText(text).toLowerCase();
  if (/^(ano|yes)\b/.test(clean) || clean === '✓') return true;
  if (/^(ne|no)\b/.test(clean)) return false;
  return null;
}

/** Property kind from a Czech noun in a title or breadcrumb ("bytu", "domu", "pozemku"…). */
export function realEstateTypeFromText(text: string): RealEstateType | null {
  const clean = cleanText(text).toLowerCase();
  if (/\bbyt|\bbyty|\bbytu|\bpokoj|garsoni|mezonet|podkrovní/.test(clean)) return 'Apartment';
  if (/\bd[ůo]m|\bdomy|\bdomu|\bvil[ay]|\bchat[ay]?\b|\bchalup|rodinn|usedlost/.test(clean)) return 'House';
  if (/pozem|parcel|\bzahrad|\bpole\b|\blouk|\bles\b/.test(clean)) return 'Land';
  if (/komerč|komerce|kancel|obchodn|sklad|výrob|restaura|prostor|ubytov|nebytov/.test(clean)) return 'Commercial';
  if (/garáž|ostatní/.test(clean)) return 'Other';
  return null;
}

export function houseTypeFromText(text: string): HouseType | null {
  const clean = cleanText(text).toLowerCase();
  if (/řadov/.test(clean)) return 'Terraced';
  if (/chalup/.test(clean)) return 'Cottage';
  if (/\bchat[ay]?\b/.test(clean)) return 'Hut';
  if (/rodinn|vil[ay]|samostatn/.test(clean)) return 'Detached';
  return null;
}

export function landTypeFromText(text: string): LandType | null {
  const clean = cleanText(text).toLowerCase();
  if (/stavební|bydlení/.test(clean)) return 'BuildPlot';
  if (/komerč/.test(clean)) return 'Commercial';
  if (/pozem|pole|louk|les|zahrad|sad|ostatní/.test(clean)) return 'Other';
  return null;
}

/** "49.329672", "49,3297" → number; "0", "" and out-of-range values → null. */
export function coordinate(text: string | undefined | null, limit: number): number | null {
  if (text == null) return null;
  const value = Number(String(text).trim().replace(',', '.'));
  if (!Number.isFinite(value) || value === 0 || Math.abs(value) > limit) return null;
  return value;
}

/** "14.9. 2026" (day.month. year, as Bazoš prints it) → ISO instant of that midnight in Prague. */
export function czechDateToIso(text: string): string | null {
  const match = /(\d{1,2})\s*\.\s*(\d{1,2})\s*\.\s*(\d{4})/.exec(cleanText(text));
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const utcMidnight = Date.UTC(year, month - 1, day);
  return new Date(utcMidnight - pragueOffsetMinutes(utcMidnight) * 60_000).toISOString();
}

/** Built once: constructing an Intl formatter costs far more than formatting with it. */
const PRAGUE_OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: PRAGUE_TIME_ZONE, timeZoneName: 'shortOffset' });

function pragueOffsetMinutes(utcMillis: number): number {
  const name = PRAGUE_OFFSET
    .formatToParts(new Date(utcMillis))
    .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+1';
  const match = /GMT([+-]\d+)(?::(\d+))?/.exec(name);
  return match ? Number(match[1]) * 60 + Math.sign(Number(match[1])) * Number(match[2] ?? 0) : 60;
}
