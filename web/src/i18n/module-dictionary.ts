import { useCallback } from 'react';
import type { Locale } from '@rr/proto';
import type { Vars } from './dictionary';
import { useLocale } from './index';
import { fill } from './translate';

export type ModuleDictionary<K extends string> = { cs: Record<K, string>; en: Record<K, string> };

/**
 * Strings of a screen that is loaded on demand (administration, campaign and advertiser pages):
 * kept in the screen's own chunk, both locales together, so the entry chunk — the home page's
 * JS budget — carries only what every page needs. English must have every Czech key (typed);
 * `moduleKeysDiffer` lets a unit test say so at run time too.
 */
export function moduleDictionary<K extends string>(dictionary: ModuleDictionary<K>) {
  const translate = (locale: Locale, key: K, vars?: Vars) => fill(dictionary[locale][key], vars, locale);
  function useModuleT() {
    const locale = useLocale();
    return useCallback((key: K, vars?: Vars) => translate(locale, key, vars), [locale]);
  }
  return { dictionary, translate, useModuleT };
}

/** Keys one locale has and the other lacks, and messages whose placeholders differ. */
export function moduleKeysDiffer(d: ModuleDictionary<string>): string[] {
  const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
  const keys = new Set([...Object.keys(d.cs), ...Object.keys(d.en)]);
  return [...keys].filter((k) => !(k in d.cs) || !(k in d.en) || placeholders(d.cs[k]) !== placeholders(d.en[k]) || !d.cs[k].trim() || !d.en[k].trim());
}
