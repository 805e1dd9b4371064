import { useCallback, useMemo } from 'react';
import type { MessageKey, PluralKey, Vars } from './dictionary';
import { useLocaleStore } from './locale.store';
import type { Locale } from '@rr/proto';
import { fill, translate, translatePlural } from './translate';

export type { MessageKey, PluralKey } from './dictionary';
export { useLocaleStore } from './locale.store';
export * from './format';

export const useLocale = () => useLocaleStore((s) => s.locale);

/** `t(key, vars)` for messages, `tp(key, count)` for plurals, in the current locale. */
export function useT() {
  const locale = useLocale();
  const t = useCallback((key: MessageKey, vars?: Vars) => translate(locale, key, vars), [locale]);
  const tp = useCallback((key: PluralKey, count: number, vars?: Vars) => translatePlural(locale, key, count, vars), [locale]);
  return useMemo(() => ({ t, tp, locale }), [t, tp, locale]);
}

/**
 * Strings of a page that loads on its own route, kept beside it so they ship in its chunk and not
 * in the entry's Czech dictionary (the home page budget of bench:web). Same `{name}` filling; the
 * module's test checks its cs and en keys match.
 */
export function useModuleT<K extends string>(dictionary: Record<Locale, Record<K, string>>) {
  const locale = useLocale();
  return useCallback((key: K, vars?: Vars) => fill(dictionary[locale][key], vars, locale), [dictionary, locale]);
}
