import type { Browser } from 'playwright-core';
import { login, registeredUser } from './support/accounts';
import { BASE_URL, launchBrowser } from './support/browser';
import { waitForMail } from './support/mail';
import { freshArea, newContext, open, uniqueEmail } from './support/pages';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';
jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const publish = (body: Record<string, unknown>) =>
  fetch(`${SIMULATOR_URL}/admin/properties`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ portals: ['sreality'], ...body }) });

describe('a watchdog on an area drawn on the map', () => {
  it('is drawn on the map (one area for a free account, the next locked), saved, shown on its page, and alerts about an offer inside but not one outside, naming the area', async () => {
    const email = uniqueEmail('area');
    const password = 'heslo-e2e-123';
    await registeredUser(email, password);
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/');
    await login(page, email, password);
    // Logging in lands on the person's watchdogs; the form is on the home page.
    await open(page, '/');

    // Plzeň's centre, as the place search finds it; the map centres there.
    const found = (await (await fetch(`${BASE_URL}/api/autocomplete?q=plzen`)).json()) as { data: { items: Array<{ kind: string; name: string; point: { lat: number; lon: number } }> } };
    const plzen = found.data.items.find((h) => h.kind === 'municipality' && h.name === 'Plzeň')!;

    await page.getByTestId('chips-adTypes').getByLabel('Prodej').uncheck();
    await page.getByTestId('chips-adTypes').getByLabel('Pronájem').check();
    await page.getByTestId('location-mode-map').click();
    const drawer = page.getByTestId('area-drawer');
    await drawer.waitFor();
    // No network for tiles here: the map says so and stays usable.
    await drawer.getByLabel('Najít místo na mapě').fill('Plzeň');
    await drawer.getByRole('button', { name: 'Najít', exact: true }).click();
    await page.waitForTimeout(800);
    const map = drawer.locator('.area-map__map');
    const box = (await map.boundingBox())!;
    const [cx, cy] = [box.width / 2, box.height / 2];
    // A bow tie is refused with the same message as the server's.
    await drawer.getByTestId('area-start').click();
    for (const [dx, dy] of [[150, -40], [200, 40], [200, -40], [150, 40]]) await map.click({ position: { x: cx + dx, y: cy + dy } });
    await drawer.getByTestId('area-finish').click();
    await drawer.getByTestId('area-problem').getByText('Hranice oblasti se nesmí křížit ani dotýkat sama sebe.').waitFor();
    await drawer.getByRole('button', { name: 'Zrušit kreslení' }).click();
    // Nothing is locked before the first area: a free account draws one.
    expect(await drawer.getByTestId('area-locked').count()).toBe(0);
    await drawer.getByTestId('area-start').click();
    for (const [dx, dy] of [[-90, -70], [90, -70], [90, 70], [-90, 70]]) {
      await map.click({ position: { x: cx + dx, y: cy + dy } });
      await page.waitForTimeout(100);
    }
    await drawer.getByText('počet bodů: 4').waitFor();
    await drawer.getByTestId('area-finish').click();
    await drawer.getByText(/Oblast nakreslená na mapě \(1 polygon, ~\d/).waitFor();
    // A second area is for a plan (ENTITLEMENTS.mapAreaPolygons): the button stays, locked, with the reason and the way to the plans.
    const locked = drawer.getByTestId('area-locked');
    await locked.getByText(/Bez předplatného nakreslíte jednu oblast/).waitFor();
    expect(await drawer.getByTestId('area-start').isDisabled()).toBe(true);
    expect(await drawer.getByTestId('area-start').textContent()).toContain('Nakreslit další oblast');
    expect(await locked.getByRole('link', { name: 'Zobrazit tarify' }).getAttribute('href')).toBe('/premium-ucet');
    // A pasted GeoJSON with two areas is refused the same way.
    await drawer.getByText('Zadat oblast jako GeoJSON').click();
    const square = (lon: number) => [[lon, plzen.point.lat], [lon + 0.01, plzen.point.lat], [lon + 0.01, plzen.point.lat + 0.01], [lon, plzen.point.lat + 0.01], [lon, plzen.point.lat]];
    await drawer.getByTestId('area-geojson').fill(JSON.stringify({ type: 'MultiPolygon', coordinates: [[square(plzen.point.lon - 0.05)], [square(plzen.point.lon + 0.05)]] }));
    await drawer.getByTestId('area-geojson-apply').click();
    await drawer.getByTestId('area-problem').getByText(/více oblastí v jednom hlídacím psovi je součástí předplatného/).waitFor();
    await drawer.getByText(/Oblast nakreslená na mapě \(1 polygon, ~\d/).waitFor();

    await page.getByRole('button', { name: 'Začít hlídat' }).click();
    await page.getByText('Nový hlídací pes je aktivní.').waitFor();

    await open(page, '/moje-filtry');
    const card = page.getByTestId('filter-card');
    await card.getByText(/Oblast na mapě/).first().waitFor();
    await card.getByRole('link', { name: 'Upravit' }).first().click();
    await page.waitForURL(/\/moje-filtry\/.+/);
    const view = page.getByTestId('area-view');
    await view.getByText(/Oblast nakreslená na mapě \(1 polygon, ~\d/).waitFor();
    await view.locator('.leaflet-interactive').first().waitFor();

    // Outside (15 km east) first, then inside (the centre): once the inside alert is here, the outside one would have come before it.
    const area = freshArea();
    const outside = await publish({ adType: 'Rent', realEstateType: 'Apartment', dispositionLabel: '2+kk', municipalityCode: '554791', price: 17_300, area: area + 10, lat: plzen.point.lat, lon: plzen.point.lon + 0.2 });
    expect(outside.status).toBe(201);
    const inside = await publish({ adType: 'Rent', realEstateType: 'Apartment', dispositionLabel: '2+kk', municipalityCode: '554791', price: 16_900, area, lat: plzen.point.lat + 0.001, lon: plzen.point.lon + 0.001 });
    expect(inside.status).toBe(201);
    const alert = await waitForMail(email, (m) => /detail\//.test(m.text ?? '') && /16[\s\u00a0]900/.test(m.text ?? ''), 120_000);
    expect(alert.text).not.toMatch(/17[\s\u00a0]300/);
    // The alert names the watchdog's area and links to its page, which shows the map.
    expect(alert.text).toMatch(/Oblast na mapě: 1 oblast \(~[\d,]+ km²\)\nZobrazit na mapě: \S+\/moje-filtry\//);
    await page.waitForTimeout(5_000);
    const res = await fetch(`${process.env.MAILDEV_URL ?? 'http://localhost:1080'}/email`);
    const mails = (await res.json()) as Array<{ to: Array<{ address: string }>; text?: string }>;
    expect(mails.filter((m) => m.to.some((t) => t.address === email) && /17[\s\u00a0]300/.test(m.text ?? ''))).toEqual([]);
    await context.close();
  });
});
