import type { Locale } from '@rr/proto';
import { useLocale } from '../../../i18n';
import { useQuery } from '../../../lib/query';
import type { Copy } from '../copy/types';

const loaders: Record<Locale, () => Promise<Copy>> = {
  cs: async () => (await import('../copy/cs')).copy,
  en: async () => (await import('../copy/en')).copy,
};

/** Long page copy loads with the content pages, one locale at a time. */
export function useCopy() {
  const locale = useLocale();
  return useQuery(`copy:${locale}`, loaders[locale]);
}
