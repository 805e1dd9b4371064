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
  it('is drawn on the map, saved, shown on its page, and alerts about an offer inside but not one outside', async () => {
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
    await drawer.getByTestId('area-start').click();
    for (const [dx, dy] of [[-90, -70], [90, -70], [90, 70], [-90, 70]]) {
      await map.click({ position: { x: cx + dx, y: cy + dy } });
      await page.waitForTimeout(100);
    }
    await drawer.getByText('počet bodů: 4').waitFor();
    await drawer.getByTestId('area-finish').click();
    await drawer.getByText(/Oblast nakreslená na mapě \(1 polygon, ~\d/).waitFor();
    // A bow tie is refused with the same message as the server's.
    await drawer.getByTestId('area-start').click();
    for (const [dx, dy] of [[150, -40], [200, 40], [200, -40], [150, 40]]) await map.click({ position: { x: cx + dx, y: cy + dy } });
    await drawer.getByTestId('area-finish').click();
    await drawer.getByTestId('area-problem').getByText('Hranice oblasti se nesmí křížit ani dotýkat sama sebe.').waitFor();
    await drawer.getByRole('button', { name: 'Zrušit kreslení' }).click();

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
    await page.waitForTimeout(5_000);
    const res = await fetch(`${process.env.MAILDEV_URL ?? 'http://localhost:1080'}/email`);
    const mails = (await res.json()) as Array<{ to: Array<{ address: string }>; text?: string }>;
    expect(mails.filter((m) => m.to.some((t) => t.address === email) && /17[\s\u00a0]300/.test(m.text ?? ''))).toEqual([]);
    await context.close();
  });
});
