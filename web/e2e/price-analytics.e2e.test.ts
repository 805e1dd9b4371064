import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { choosePlace, newContext, open } from './support/pages';

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

  it('reports a place on the price analysis page, reached from the header, in both locales', async () => {
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
    // 12 months: the trend chart (uPlot, loaded now) above the monthly table it draws.
    // The chart is drawn when two months have a median (the table shows '–' for a month without).
    await page.getByTestId('chips-months').getByLabel('12 měsíců').check();
    await report.getByTestId('monthly').waitFor();
    await page.waitForTimeout(500);
    const medians = (await report.getByTestId('monthly').locator('tbody tr td:last-child').allTextContents()).filter((c) => !c.startsWith('–'));
    if (medians.length >= 2) await report.getByTestId('trend-chart').locator('canvas').waitFor();
    else expect(await report.getByTestId('trend-chart').count()).toBe(0);
    await page.getByTestId('language-switch').click();
    await page.waitForURL(/\/price-analysis$/);
    await page.getByRole('heading', { name: 'Price analysis', level: 1 }).waitFor();
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
