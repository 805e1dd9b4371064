import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { adminToken, login, registeredUser } from './support/accounts';
import { BASE_URL, launchBrowser } from './support/browser';
import { choosePlace, newContext, open, uniqueEmail } from './support/pages';

jest.setTimeout(180_000);


let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';
const JIHLAVA = '586846';

type Published = { propertyId: string; listings: Array<{ portal: string; listingId: string }> };
type OfferItem = { id: string; sources: Array<{ portal: string; listingId: string }> };

async function publish(property: Record<string, unknown>): Promise<Published> {
  const response = await fetch(`${SIMULATOR_URL}/admin/properties`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(property) });
  if (response.status !== 201) throw new Error(`simulator answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Published;
}

/**
 * A flat in Jihlava with six comparable flats published beside it on the simulator's portals, so
 * the estimate does not depend on what the simulator's random market happened to offer there.
 */
async function estimatedOffer(): Promise<{ id: string; price: number }> {
  const flat = { adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '3+1', municipalityCode: JIHLAVA, portals: ['sreality'] };
  const subject = await publish({ ...flat, area: 72, price: 4_100_000 });
  for (let i = 0; i < 6; i++) await publish({ ...flat, area: 68 + i, price: 3_800_000 + i * 90_000 });
  const ours = new Set(subject.listings.map((l) => `${l.portal}:${l.listingId}`));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const list = await fetch(`${BASE_URL}/api/offers?municipalityCode=${JIHLAVA}&adType=Sale&realEstateType=Apartment&limit=100`);
    const items = list.ok ? ((await list.json()) as { data: { items: OfferItem[] } }).data.items : [];
    const offer = items.find((o) => o.sources.some((s) => ours.has(`${s.portal}:${s.listingId}`)));
    if (offer) {
      const res = await fetch(`${BASE_URL}/api/analytics/estimate?offerId=${encodeURIComponent(offer.id)}`);
      const body = res.ok ? ((await res.json()) as { data: { estimate: { price: number } | null } }) : null;
      if (body?.data.estimate) return { id: offer.id, price: body.data.estimate.price };
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('the flat in Jihlava got no estimate within 90 s of its six comparables');
}

/** The flats in Jihlava are published once: the report and the offer page both read them. */
let jihlavaFlats: Promise<{ id: string; price: number }> | undefined;
const estimatedJihlavaOffer = () => (jihlavaFlats ??= estimatedOffer());

describe('price analytics in the web client', () => {
  it('shows the offers a month a watchdog would have matched before it is saved', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/');
    await choosePlace(page, 'praha', 'Praha');
    await page.getByTestId('monthly-match-count').getByText(/nabídek měsíčně/).waitFor();
    await context.close();
  });

  it('reports a place to a visitor as a summary, each locked part saying from which tier, in both locales', async () => {
    // Jihlava has the test's own flats this month, whatever the simulator's random market offers.
    await estimatedJihlavaOffer();
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/');
    await page.getByTestId('nav-price-analysis').first().click();
    await page.waitForURL(/\/analyza-cen$/);
    await choosePlace(page, 'jihlava', 'Jihlava.*Obec');
    const report = page.getByTestId('price-report');
    await report.getByText(/nabídek (v lokalitě Jihlava|do \d+ km od lokality Jihlava)/).waitFor();
    // The summary: not the quartiles or the series; each locked part names its tier and links to the plans.
    const figures = report.getByTestId('locked-figures');
    await figures.waitFor();
    expect(await report.getByText('Polovina nabídek mezi').count()).toBe(0);
    expect(await figures.textContent()).toContain('od tarifu Standard');
    expect(await figures.getByRole('link', { name: 'Porovnat tarify' }).getAttribute('href')).toBe('/premium-ucet?tier=STANDARD&period=month');
    expect(await report.getByTestId('locked-monthly').textContent()).toContain('od tarifu Premium');
    expect(await report.getByTestId('locked-csv').textContent()).toContain('od tarifu Profi');
    expect(await report.getByTestId('download-csv').count()).toBe(0);
    // 12 months is Premium's: the page says so and shows the 3 months a visitor has.
    await page.getByTestId('chips-months').getByLabel('12 měsíců').check();
    await page.getByTestId('locked-longWindow').getByText(/Období 12 měsíců – k dispozici od tarifu Premium/).waitFor();
    await page.getByTestId('window-capped').getByText('Zobrazujeme poslední 3 měsíce.').waitFor();
    expect(await report.getByTestId('monthly').count()).toBe(0);
    await page.getByTestId('language-switch').click();
    await page.waitForURL(/\/price-analysis$/);
    await page.getByRole('heading', { name: 'Price analysis', level: 1 }).waitFor();
    const english = page.getByTestId('price-report').getByTestId('locked-figures');
    await english.getByText(/available from the Standard plan/).waitFor();
    expect(await english.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/premium-account?tier=STANDARD&period=month');
    await context.close();
  });

  it('gives a Profi subscriber the 12-month series and the CSV download', async () => {
    await estimatedJihlavaOffer();
    const email = uniqueEmail('profi-analysis');
    const password = 'heslo-profi-123';
    await registeredUser(email, password);
    const admin = await adminToken();
    const found = (await (await fetch(`${BASE_URL}/api/admin/users?q=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${admin}` } })).json()) as { data: { items: { id: string }[] } };
    const role = await fetch(`${BASE_URL}/api/admin/users/${found.data.items[0].id}/role`, {
      method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ role: 7, roleExpiresAt: '2099-01-01T00:00:00.000Z' }),
    });
    if (!role.ok) throw new Error(`role change failed: ${role.status}`);
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/analyza-cen');
    await login(page, email, password);
    // Logging in lands on the watchdogs: back to the analysis, now with the Profi session.
    await open(page, '/analyza-cen');
    await page.getByRole('heading', { name: 'Analýza cen', level: 1 }).waitFor();
    await choosePlace(page, 'jihlava', 'Jihlava.*Obec');
    await page.getByTestId('chips-months').getByLabel('12 měsíců').check();
    const report = page.getByTestId('price-report');
    // 12 months: the trend chart (uPlot, loaded now) above the monthly table it draws.
    // The chart is drawn when two months have a median (the table shows '–' for a month without).
    await report.getByTestId('monthly').waitFor();
    expect(await page.getByTestId('locked-longWindow').count()).toBe(0);
    expect(await report.locator('.locked-note').count()).toBe(0);
    await page.waitForTimeout(500);
    const medians = (await report.getByTestId('monthly').locator('tbody tr td:last-child').allTextContents()).filter((c) => !c.startsWith('–'));
    if (medians.length >= 2) await report.getByTestId('trend-chart').locator('canvas').waitFor();
    else expect(await report.getByTestId('trend-chart').count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByTestId('download-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^analyza-cen-jihlava-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('Ukazatel;Hodnota');
    expect(text).toContain('Lokalita;Jihlava');
    expect(text).toContain('Období (měsíce);12');
    expect(text).toContain('Měsíc;Počet nabídek;');
    await context.close();
  });

  it('shows RadarPrice and how far the offer is from it on the offer page', async () => {
    const offer = await estimatedJihlavaOffer();
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, `/detail/${encodeURIComponent(offer.id)}`);
    const radar = page.getByTestId('radar-price');
    await radar.getByText('Odhad RadarPrice').waitFor();
    expect(await radar.textContent()).toMatch(/podobných nabídek/);
    await context.close();
  });
});
