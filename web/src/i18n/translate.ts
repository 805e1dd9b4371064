import type { Locale } from '@rr/proto';
import { cs } from './cs';
import type { Dictionary, MessageKey, PluralKey, Vars } from './dictionary';
import { formatNumber, pluralCategory } from './format';
import type { Plural } from './types';

/** Czech ships in the main bundle; English loads on demand (it is the second locale). */
const DICTIONARIES: Partial<Record<Locale, Dictionary>> = { cs };

export async function loadDictionary(locale: Locale): Promise<void> {
  if (!DICTIONARIES[locale]) DICTIONARIES[locale] = (await import('./en')).en;
}
export const dictionaryOf = (locale: Locale): Dictionary => DICTIONARIES[locale] ?? cs;

/** `{name}` placeholders filled, numbers formatted per locale. */
export const fill = (text: string, vars: Vars | undefined, locale: Locale) =>
  vars ? text.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = vars[name];
    if (value === undefined) return all;
    return typeof value === 'number' ? formatNumber(value, locale) : value;
  }) : text;

export function translate(locale: Locale, key: MessageKey, vars?: Vars): string {
  return fill(dictionaryOf(locale)[key] as string, vars, locale);
}

/** Czech picks one/few/other through Intl.PluralRules; `{count}` is filled in. */
export function translatePlural(locale: Locale, key: PluralKey, count: number, vars?: Vars): string {
  const entry = dictionaryOf(locale)[key] as Plural;
  return fill(entry[pluralCategory(count, locale)], { count, ...vars }, locale);
}

/** Every key path of a nested value, for the cs/en parity check. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => keyPaths(v, `${prefix}[${i}]`))];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}
