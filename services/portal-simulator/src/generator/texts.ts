import type { SimProperty } from '../domain';
import type { Rng } from './rng';

export const CONTACT_NAMES = [
  'Jana Nováková', 'Petr Svoboda', 'Martin Dvořák', 'Lucie Černá', 'Tomáš Procházka', 'Eva Kučerová',
  'Jakub Veselý', 'Tereza Horáková', 'Ondřej Němec', 'Kateřina Marková', 'Lukáš Pokorný', 'Barbora Králová',
];

const OPENERS: Record<string, string[]> = {
  Apartment: [
    'Nabízíme k {deal} světlý byt {disp} o výměře {area} m² v obci {place}.',
    'Exkluzivně {deal} prostorného bytu {disp} ({area} m²), {place}.',
    'Dovolujeme si Vám nabídnout k {deal} útulný byt {disp} v lokalitě {place}.',
  ],
  House: [
    'Nabízíme k {deal} rodinný dům s užitnou plochou {area} m² a pozemkem {land} m², {place}.',
    'Prodej/pronájem domu v klidné části obce {place}, užitná plocha {area} m², zahrada {land} m².',
  ],
  Land: [
    'Nabízíme k {deal} pozemek o výměře {land} m² v obci {place}.',
    'Rovinatý pozemek {land} m² s přístupem z obecní komunikace, {place}.',
  ],
  Commercial: ['Nabízíme k {deal} komerční prostor {area} m², {place}. Vhodné pro kancelář nebo obchod.'],
  Other: ['Nabízíme k {deal} garáž {area} m², {place}.'],
};

const DETAILS = [
  'Dům prošel revitalizací, nová okna a zateplení.', 'V blízkosti MHD, škola i obchody.',
  'K bytu náleží sklep.', 'Parkování před domem.', 'Klidné prostředí, výhled do zeleně.',
  'Ihned k dispozici.', 'Možnost financování hypotékou.', 'Nízké náklady na bydlení.',
  'Vytápění plynovým kotlem.', 'Internet a kabelová TV v domě.',
];

const DEAL_WORD: Record<string, string> = {
  Sale: 'prodeji', Rent: 'pronájmu', Auction: 'dražbě', Roommates: 'spolubydlení', Other: 'nabídce',
};

export function describe(rng: Rng, p: Omit<SimProperty, 'description'>): string {
  const opener = rng.pick(OPENERS[p.realEstateType] ?? OPENERS.Other)
    .replace('{deal}', DEAL_WORD[p.adType])
    .replace('{disp}', p.dispositionLabel === 'room' ? '(pokoj)' : p.dispositionLabel ?? '')
    .replace('{area}', String(p.area ?? ''))
    .replace('{land}', String(p.landArea ?? ''))
    .replace('{place}', p.place.pragueDistrict ? `${p.place.pragueDistrict} - ${p.place.cityPart}` : p.place.name);
  const extras = [rng.pick(DETAILS), rng.pick(DETAILS)].filter((d, i, all) => all.indexOf(d) === i);
  return [opener, ...extras].join(' ');
}
