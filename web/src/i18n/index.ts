import { useCallback, useMemo } from 'react';
import type { MessageKey, PluralKey, Vars } from './dictionary';
import { useLocaleStore } from './locale.store';
import { translate, translatePlural } from './translate';

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
