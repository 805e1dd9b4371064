import { headerModeOf, localeOfPath, matchRoute, pathFor, ROUTES, switchLocalePath } from './routes';

describe('routes', () => {
  it('writes the Czech and English path of a screen with parameters substituted', () => {
    expect(pathFor('myFilter', 'cs', { filterId: 'abc' })).toBe('/moje-filtry/abc');
    expect(pathFor('myFilter', 'en', { filterId: 'abc' })).toBe('/my-filters/abc');
    expect(pathFor('subService', 'en', { service: 'fingo' })).toBe('/service/fingo');
    expect(pathFor('detail', 'cs', { realEstateId: 'a/b' })).toBe('/detail/a%2Fb');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => pathFor('myFilter', 'cs')).toThrow(/filterId/);
  });

  it('matches both locales and tells which locales share the path', () => {
    expect(matchRoute('/jak-to-funguje')).toEqual({ name: 'howItWorks', params: {}, locales: ['cs'] });
    expect(matchRoute('/how-it-works')).toEqual({ name: 'howItWorks', params: {}, locales: ['en'] });
    expect(matchRoute('/detail/sreality:1')).toEqual({ name: 'detail', params: { realEstateId: 'sreality:1' }, locales: ['cs', 'en'] });
    expect(matchRoute('/')?.name).toBe('home');
    expect(matchRoute('/moje-filtry/')?.name).toBe('myFilters');
  });

  it('tells a new advertising campaign from a campaign id', () => {
    expect(matchRoute('/inzerce/kampane/nova')?.name).toBe('adCampaignNew');
    expect(matchRoute('/advertising/campaigns/cmp_1')).toEqual({ name: 'adCampaign', params: { id: 'cmp_1' }, locales: ['en'] });
    expect(switchLocalePath('/inzerce/kredit', 'en')).toBe('/advertising/credit');
  });

  it('does not match unknown paths or unknown sub-services', () => {
    expect(matchRoute('/nic-takoveho')).toBeNull();
    expect(matchRoute('/sluzby/neexistuje')).toBeNull();
    expect(matchRoute('/sluzby/ownest')?.name).toBe('subService');
  });

  it('keeps the person on the same screen when the language changes', () => {
    expect(switchLocalePath('/moje-filtry/f1', 'en')).toBe('/my-filters/f1');
    expect(switchLocalePath('/personal-information', 'cs')).toBe('/zpracovani-osobnich-udaju');
    expect(switchLocalePath('/cookies', 'en')).toBe('/cookies');
    expect(switchLocalePath('/unknown', 'en')).toBe('/');
  });

  it('takes the locale from a locale-specific path and keeps the preference on shared ones', () => {
    expect(localeOfPath('/contact-us', 'cs')).toBe('en');
    expect(localeOfPath('/kontakt', 'en')).toBe('cs');
    expect(localeOfPath('/', 'en')).toBe('en');
  });

  it('hides the main links on campaign landing pages and everything but the logo in webviews', () => {
    expect(headerModeOf('/lp-ppc')).toBe('noLinks');
    expect(headerModeOf('/lp-fb/123')).toBe('noLinks');
    expect(headerModeOf('/webview/moje-filtry')).toBe('logoOnly');
    expect(headerModeOf('/')).toBe('full');
  });

  it('has a path in both locales for every screen, each unique within its locale', () => {
    for (const locale of ['cs', 'en'] as const) {
      const paths = Object.values(ROUTES).map((r) => r[locale]);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });
});
