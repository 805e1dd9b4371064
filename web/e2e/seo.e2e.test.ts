import type { Browser } from 'playwright-core';
import { API_DOCS_PAGES } from '../src/modules/api-docs/api/docs-pages';
import { PUBLIC_ROUTES, SUB_SERVICES, pathFor } from '../src/routes';
import { BASE_URL, launchBrowser } from './support/browser';
import { newContext, open } from './support/pages';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The HTML as a crawler gets it: no JavaScript runs. */
const html = async (p: string) => {
  const res = await fetch(`${BASE_URL}${p}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  return res.text();
};
const jsonLd = (page: string) => [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

describe('what search engines see without JavaScript', () => {
  it('a blog article has its title, description, alternates and Article data', async () => {
    const page = await html('/blog/pronajem-v-praze-23-minut-sedm-hodin');
    expect(page).toContain('<title>Pronájem v Praze: 23 minut a sedm hodin – blog Reality Radar</title>');
    expect(page).toMatch(/<meta name="description" content="První zájemce se u pražského pronájmu ozve zhruba za 23 minut/);
    expect(page).toMatch(/hreflang="en" href="[^"]*\/blog\/renting-in-prague-23-minutes-seven-hours"/);
    expect(page).toContain('<meta property="og:type" content="article" />');
    expect(jsonLd(page)[0]).toMatchObject({ '@type': 'Article', headline: 'Pronájem v Praze: 23 minut a sedm hodin', inLanguage: 'cs' });
    expect(page).toContain('<h2>1. Ujasněte si filtr předem</h2>');
  });

  it('an offer page has the offer\'s title, description and Offer data from the offers API', async () => {
    // A property of its own on the simulated portals, so a fresh system has an offer to show.
    const published = await fetch(`${SIMULATOR_URL}/admin/properties`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '3+1', municipalityCode: '555134', area: 74, price: 4_250_000, portals: ['sreality'] }),
    });
    expect(published.status).toBe(201);
    let offer: { id: string; title: string } | undefined;
    for (let i = 0; i < 90 && !offer; i++) {
      const res = await fetch(`${BASE_URL}/api/offers?limit=1`);
      offer = res.ok ? ((await res.json()) as { data: { items: Array<{ id: string; title: string }> } }).data.items[0] : undefined;
      if (!offer) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(offer).toBeDefined();
    const page = await html(pathFor('detail', 'cs', { realEstateId: offer!.id }));
    const title = offer!.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    expect(page).toContain(`<title>${title}`);
    expect(page).toMatch(/<meta name="description" content="[^"]+nové nabídky vám Reality Radar pošle e-mailem do minuty/);
    expect(jsonLd(page)[0]).toMatchObject({ '@type': 'Offer', name: offer!.title, itemOffered: { address: { addressCountry: 'CZ' } } });
  });

  it('the FAQ carries FAQPage data and the home page its alternates', async () => {
    expect(jsonLd(await html('/faq'))[0]).toMatchObject({ '@type': 'FAQPage', inLanguage: 'en' });
    const home = await html('/');
    expect(home).toMatch(/hreflang="en" href="[^"]*\/\?lang=en"/);
    expect(home).toContain('property="og:title"');
  });

  it('sitemap.xml lists every public route in both locales, and robots.txt points to it', async () => {
    const xml = await (await fetch(`${BASE_URL}/sitemap.xml`)).text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search));
    for (const name of PUBLIC_ROUTES) {
      const params = name === 'subService' ? SUB_SERVICES.map((service) => ({ service })) : [{}];
      for (const p of params) {
        const cs = pathFor(name, 'cs', p);
        const en = pathFor(name, 'en', p);
        expect(locs).toContain(cs);
        expect(locs).toContain(en === cs ? `${en}?lang=en` : en);
      }
    }
    for (const page of API_DOCS_PAGES) expect(locs).toContain(`/docs/${page}`);
    expect(locs).toContain('/analyza-cen');
    expect(locs).toContain('/price-analysis');
    expect(locs).toContain('/blog/how-we-find-offers-within-seconds');
    expect(await (await fetch(`${BASE_URL}/robots.txt`)).text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
    const rss = await (await fetch(`${BASE_URL}/blog/feed.en.xml`)).text();
    expect(rss).toContain('<title><![CDATA[What the figures of the price analysis mean]]></title>');
  });
});

describe('the new screens in both locales', () => {
  const cases: Array<{ path: string; expect: string }> = [
    { path: pathFor('blog', 'cs'), expect: 'Jak najdeme novou nabídku během několika vteřin' },
    { path: `${pathFor('blog', 'en')}?lang=en`, expect: 'How we find a new offer within seconds' },
    { path: pathFor('blogArticle', 'cs', { slug: 'co-znamenaji-cisla-cenove-analyzy' }), expect: 'Průměrná a mediánová cena' },
    { path: pathFor('blogArticle', 'en', { slug: 'what-the-price-analysis-figures-mean' }), expect: 'Mean and median price' },
    { path: pathFor('lpPpc', 'cs'), expect: 'Nový byt nebo dům dřív než ostatní' },
    { path: `${pathFor('lpPpc', 'en')}?lang=en`, expect: 'A new flat or house before anyone else' },
    { path: pathFor('lpAdvisor', 'cs'), expect: 'Zeptejte se realitního poradce' },
    { path: `${pathFor('lpAdvisor', 'en')}?lang=en`, expect: 'Ask a real-estate advisor' },
    { path: pathFor('lpTelephone', 'cs'), expect: 'Zavoláme vám, když se objeví ta pravá nabídka' },
    { path: `${pathFor('lpTelephone', 'en')}?lang=en`, expect: 'We call you when the right offer appears' },
    { path: pathFor('lpFb', 'cs', { realEstateId: 'missing-offer' }), expect: 'Nabídku jsme nenašli, podobné vám ale pohlídáme.' },
    { path: `${pathFor('lpFb', 'en', { realEstateId: 'missing-offer' })}?lang=en`, expect: 'We could not find this offer, but we can watch for similar ones.' },
  ];
  it.each(cases)('renders $path', async ({ path: p, expect: text }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, p);
    await page.getByText(text).first().waitFor();
    await context.close();
  });

  it('an article in the browser points its English alternate at the translation', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, pathFor('blogArticle', 'cs', { slug: 'jak-najdeme-nabidky-do-minuty' }));
    await page.getByTestId('blog-article').waitFor();
    await page.waitForFunction(() => document.title.startsWith('Jak najdeme novou nabídku'));
    const en = await page.evaluate(() => document.querySelector('link[rel="alternate"][hreflang="en"]')?.getAttribute('href'));
    expect(en).toMatch(/\/blog\/how-we-find-offers-within-seconds$/);
    await context.close();
  });

  it('the telephone box answers the spec\'s message when an e-mail cannot be paired', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, pathFor('lpTelephone', 'cs'));
    const box = page.getByTestId('telephone-box-LANDING_PAGE');
    await box.getByLabel('E-mail').fill('nobody-here@example.com');
    await box.getByLabel('Telefon').fill('777 000 111');
    await box.getByRole('button', { name: 'Uložit telefon' }).click();
    await box.getByText('Telefon se nepodařilo spárovat s e-mailem.').waitFor();
    await context.close();
  });

  it.each((['admin', 'adminUsers', 'adminContacts', 'adminAudit'] as const).flatMap((name) => (['cs', 'en'] as const).map((locale) => ({ name, locale }))))(
    'asks for a login on $name in $locale',
    async ({ name, locale }) => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await open(page, pathFor(name, locale));
      await page.getByTestId('login-required').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await context.close();
    },
  );

});
