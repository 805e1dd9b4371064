import { useCallback, useMemo } from 'react';
import type { Locale } from '@rr/proto';
import { formatNumber, useT, type MessageKey } from '../../../i18n';
import type { Vars } from '../../../i18n/dictionary';
import { cs } from './cs';
import { en } from './en';

export type AdsKey = keyof typeof cs;
const ADS: Record<Locale, Record<AdsKey, string>> = { cs, en };

export function translateAds(locale: Locale, key: AdsKey, vars?: Vars): string {
  const text = ADS[locale][key];
  return vars ? text.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = vars[name];
    if (value === undefined) return all;
    return typeof value === 'number' ? formatNumber(value, locale) : value;
  }) : text;
}

/** `t` over the advertising strings and, for shared words (buttons, enums), the main dictionary. */
export function useAdsT() {
  const { t: main, locale } = useT();
  const t = useCallback((key: AdsKey | MessageKey, vars?: Vars) => (key in cs ? translateAds(locale, key as AdsKey, vars) : main(key as MessageKey, vars)), [locale, main]);
  return useMemo(() => ({ t, locale }), [t, locale]);
}
