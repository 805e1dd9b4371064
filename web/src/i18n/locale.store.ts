import { create } from 'zustand';
import type { Locale } from '@rr/proto';
import { localeOfPath } from '../routes';
import { loadDictionary } from './translate';

const STORAGE_KEY = 'rr.locale';

function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'en' ? 'en' : 'cs';
  } catch {
    return 'cs';
  }
}

/** `?lang=` on shared paths (hreflang alternates of `/`, `/cookies`, `/detail/…`) picks the locale explicitly. */
export function initialLocale(location: Pick<Location, 'pathname' | 'search'>): Locale {
  const asked = new URLSearchParams(location.search).get('lang');
  const preferred = asked === 'en' || asked === 'cs' ? asked : storedLocale();
  return localeOfPath(location.pathname, preferred);
}

type LocaleState = { locale: Locale; setLocale: (locale: Locale) => Promise<void> };

export const useLocaleStore = create<LocaleState>((set) => ({
  locale: typeof window === 'undefined' ? 'cs' : initialLocale(window.location),
  setLocale: async (locale) => {
    await loadDictionary(locale);
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    document.documentElement.lang = locale;
    set({ locale });
  },
}));
