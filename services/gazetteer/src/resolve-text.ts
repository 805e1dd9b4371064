import { PRAGUE } from '@rr/proto';
import { PRAGUE_DISTRICTS } from './data/prague-districts';
import type { Gazetteer } from './gazetteer';
import { fold } from './text';
import type { Place } from './types';


type Found = { municipality: Place; pragueDistrict: Place | null };
type Candidate = { place: Place; score: number };

/** Words that introduce a place in locality texts and are not part of its name. */
const LEADING_NOISE = /^(okres|obec|mesto|mestys|cast obce|ulice|ul\.?|kraj|lokalita)\s+/;

/**
 * Resolves free locality texts as portals print them. Every phrase of the text that names a
 * municipality is a candidate; postcodes, district and region names in the same text, and the
 * place's size decide between candidates (a street called Lipová in Kolín is not the village Lipová).
 */
export class TextResolver {
  private readonly byName = new Map<string, Place[]>();
  private readonly districtsByName = new Map<string, Place>();
  private readonly regionsByName = new Map<string, Place>();
  private readonly byPostcode = new Map<string, Place[]>();
  private readonly pragueParts = new Map<string, number>();

  constructor(private readonly gazetteer: Gazetteer) {
    for (const m of gazetteer.list('municipality')) {
      for (const key of new Set([fold(m.name), fold(m.name.replace(/-/g, ' - ')), fold(m.name.replace(/-/g, ' '))])) push(this.byName, key, m);
      push(this.byPostcode, m.postcode!, m);
    }
    for (const d of gazetteer.list('district')) this.districtsByName.set(fold(d.name), d);
    for (const r of gazetteer.list('region')) {
      this.regionsByName.set(fold(r.name), r);
      this.regionsByName.set(fold(r.name).replace(/ ?kraj ?/, '').replace('hlavni mesto ', ''), r);
    }
    for (const d of PRAGUE_DISTRICTS) for (const part of d.parts) if (!this.pragueParts.has(fold(part))) this.pragueParts.set(fold(part), d.number);
  }

  resolve(localityText: string): Found | null {
    const text = fold(localityText.replace(/<br\s*\/?>/gi, ', ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' '));
    if (!text) return null;
    const postcode = /\b(\d{3}) ?(\d{2})\b/.exec(text);
    const psc = postcode ? postcode[1] + postcode[2] : null;
    // "382 32 Mojné" (Bazoš): the postcode is no part of the name.
    const parts = text.replace(/\b\d{3} ?\d{2}\b/g, ',').split(/\s*(?:[,;()/|]|\s[-–]\s|\s[-–]|[-–]\s)\s*/).filter(Boolean);
    // "okres Rokycany" names a district, not the town Rokycany.
    const districtOnly = new Set(parts.map((p, i) => (/^okres\s/.test(p) ? i : -1)).filter((i) => i >= 0));
    const segments = parts.map((s) => s.replace(LEADING_NOISE, '').trim());
    const districts = new Set<string>();
    const regions = new Set<string>();
    for (const s of segments) {
      const d = this.districtsByName.get(s);
      if (d && d.code !== 'CZ0100') districts.add(d.code);
      const r = this.regionsByName.get(s);
      if (r) regions.add(r.code);
    }
    const pragueNumber = this.pragueNumber(text, segments, psc);
    const mentionsPrague = pragueNumber !== null || segments.some((s) => /^praha\b/.test(s) && !this.isDistrictOnlyName(s));

    const candidates = new Map<string, Candidate>();
    const consider = (place: Place, score: number) => {
      const prev = candidates.get(place.code);
      if (!prev || prev.score < score) candidates.set(place.code, { place, score });
    };
    segments.forEach((segment, i) => {
      if (!segment || districtOnly.has(i) || this.isDistrictOnlyName(segment)) return;
      const next = segments[i + 1];
      // "Brandýs nad Labem - Stará Boleslav": a name the splitting cut in two.
      if (next) for (const m of this.byName.get(`${segment}-${next}`) ?? []) consider(m, 12);
      const phrase = this.longestNamePhrase(segment);
      if (phrase) for (const m of this.byName.get(phrase.name) ?? []) consider(m, 10 + 2 * phrase.completeness + i * 0.1);
    });
    if (mentionsPrague) consider(this.prague(), 14);
    if (candidates.size === 0) this.fallbacks(psc, districts).forEach((m) => consider(m, 5));
    if (candidates.size === 0) return null;

    let best: Candidate | null = null;
    for (const c of candidates.values()) {
      const m = c.place;
      let score = c.score + Math.log10(m.population) / 2;
      if (psc) score += psc === m.postcode ? 6 : psc.slice(0, 3) === m.postcode!.slice(0, 3) ? 3 : psc[0] === m.postcode![0] ? 0.5 : -3;
      if (districts.has(m.districtCode!)) score += 6;
      if (regions.has(m.regionCode)) score += 3;
      if (!best || score > best.score) best = { place: m, score };
    }
    const municipality = best!.place;
    const pragueDistrict = municipality.code === PRAGUE.municipalityCode && pragueNumber !== null
      ? this.gazetteer.placeByCode('pragueDistrict', `PRAHA-${pragueNumber}`) ?? null
      : null;
    return { municipality, pragueDistrict };
  }

  /** "Praha-východ", "Brno-venkov": a district whose name starts like a town but is not one. */
  private isDistrictOnlyName(segment: string): boolean {
    return this.districtsByName.has(segment) && !this.byName.has(segment);
  }

  /** "liberec iii-jerab" → "liberec"; the longest leading run of words that is a municipality name. */
  private longestNamePhrase(segment: string): { name: string; completeness: number } | null {
    const words = segment.split(' ');
    for (let k = words.length; k >= 1; k--) {
      const phrase = words.slice(0, k).join(' ');
      if (this.byName.has(phrase)) return { name: phrase, completeness: k / words.length };
      const beforeHyphen = phrase.split('-')[0];
      if (k === 1 && beforeHyphen !== phrase && this.byName.has(beforeHyphen)) return { name: beforeHyphen, completeness: 0.5 };
    }
    return null;
  }

  /** Prague's district from "Praha 8", a known part ("Praha - Kobylisy") or the postcode (18x xx → 8). */
  private pragueNumber(text: string, segments: string[], psc: string | null): number | null {
    const explicit = /\bpraha[ -]?(\d{1,2})\b/.exec(text);
    if (explicit && Number(explicit[1]) >= 1 && Number(explicit[1]) <= 22) return Number(explicit[1]);
    if (!segments.some((s) => /^praha\b/.test(s) && !this.isDistrictOnlyName(s))) return null;
    for (const s of segments) {
      const n = this.pragueParts.get(s);
      if (n) return n;
    }
    if (psc && psc[0] === '1') return psc[1] === '0' ? 10 : Number(psc[1]);
    return null;
  }

  private fallbacks(psc: string | null, districts: Set<string>): Place[] {
    if (psc?.[0] === '1') return [this.prague()];
    if (psc && this.byPostcode.has(psc)) return this.byPostcode.get(psc)!;
    // A district named without a municipality: its biggest town (the seat).
    return [...districts].map((code) => this.gazetteer.list('municipality')
      .filter((m) => m.districtCode === code)
      .reduce((a, b) => (b.population > a.population ? b : a)));
  }

  private prague(): Place {
    return this.gazetteer.placeByCode('municipality', PRAGUE.municipalityCode)!;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
