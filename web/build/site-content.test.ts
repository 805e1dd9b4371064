import { siteIndex } from './site-content';

describe('the site index (sitemap.xml and server-rendered heads)', () => {
  const pages = siteIndex([]).pages;
  const page = (path: string) => pages.find((p) => p.cs === path || p.en === path);

  it('has the price analysis page in both locales with its titles', () => {
    expect(page('/analyza-cen')).toMatchObject({ cs: '/analyza-cen', en: '/price-analysis', meta: { cs: { title: 'Analýza cen nemovitostí – Reality Radar' }, en: { title: 'Property price analysis – Reality Radar' } } });
  });

  it('has the docs overview and every docs page of the spec, each with its own title', () => {
    expect(page('/docs')?.meta.en.title).toBe('Data API – Reality Radar');
    for (const p of ['/docs/autocomplete', '/docs/report', '/docs/real-estate', '/docs/history/list', '/docs/history/detail', '/docs/types/contact', '/docs/types/extended', '/docs/types/geo', '/docs/types/real-estate', '/docs/types/stats']) {
      expect(page(p)?.meta.cs.title).toBe(`${p.slice('/docs/'.length)} – Datové API – Reality Radar`);
    }
    expect(new Set(pages.map((p) => p.cs)).size).toBe(pages.length);
  });
});
