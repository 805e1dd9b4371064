import { useEffect } from 'react';
import type { Locale } from '@rr/proto';
import { useT, type MessageKey } from '../../../i18n';
import { pathFor, type RouteMatch } from '../../../routes';
import { useMeta } from '../stores/meta.store';

function upsert(selector: string, create: () => HTMLElement, apply: (el: HTMLElement) => void) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  apply(el);
}

/** Locale alternates of one screen; shared paths tell the locale with `?lang=`. */
export function alternatesOf(match: RouteMatch): Record<Locale | 'x-default', string> {
  const cs = pathFor(match.name, 'cs', match.params);
  const en = pathFor(match.name, 'en', match.params);
  const enUrl = en === cs ? `${en}?lang=en` : en;
  return { cs, en: enUrl, 'x-default': cs };
}

/** Title, meta description, canonical and hreflang alternates for the current screen and locale. */
export function usePageMeta(match: RouteMatch | null) {
  const { t, locale } = useT();
  const override = useMeta();
  useEffect(() => {
    const name = match?.name ?? 'notFound';
    const vars = { title: override.title ?? '', name: override.title ?? '' };
    document.title = override.title && name !== 'detail' && name !== 'subService' && name !== 'blogArticle' ? override.title : t(`meta.${name}.title` as MessageKey, vars);
    const description = override.description ?? t(`meta.${name}.description` as MessageKey, vars);
    upsert('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), (el) => el.setAttribute('content', description));
    document.documentElement.lang = locale;
    document.head.querySelectorAll('link[rel="alternate"][hreflang], link[rel="canonical"]').forEach((el) => el.remove());
    if (!match) return;
    const alternates = override.alternates ? { ...override.alternates, 'x-default': override.alternates.cs } : alternatesOf(match);
    const origin = window.location.origin;
    for (const [hreflang, href] of Object.entries(alternates)) {
      const link = Object.assign(document.createElement('link'), { rel: 'alternate', href: origin + href });
      link.setAttribute('hreflang', hreflang);
      document.head.appendChild(link);
    }
    document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'canonical', href: origin + (override.alternates ? window.location.pathname : alternates[locale]) }));
  }, [match?.name, JSON.stringify(match?.params), locale, override.title, override.description, override.alternates, t]);
}
