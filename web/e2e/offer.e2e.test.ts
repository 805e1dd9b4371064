import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { newContext, open } from './support/pages';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';
jest.setTimeout(150_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type OfferItem = { id: string; price: number | null; active: boolean; priceHistory: Array<{ price: number | null }> };

async function poll<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

const admin = (path: string, body: unknown) =>
  fetch(`${SIMULATOR_URL}/admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function offerWithPrice(price: number, active: 'true' | 'all' = 'true'): Promise<OfferItem | null> {
  const response = await fetch(`${BASE_URL}/api/offers?municipalityCode=555134&limit=100&active=${active}`);
  const items = ((await response.json()) as { data: { items: OfferItem[] } }).data.items;
  return items.find((o) => o.price === price || o.priceHistory.some((p) => p.price === price)) ?? null;
}

describe('the offer page', () => {
  it('shows price, portals and price history, and once withdrawn the inactive message with alternatives', async () => {
    const price = 3_000_000 + Math.floor(Math.random() * 900_000);
    const created = await admin('/properties', {
      adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+1', municipalityCode: '555134', price, area: 61, portals: ['sreality', 'bezrealitky'],
    });
    expect(created.status).toBe(201);
    const { propertyId } = (await created.json()) as { propertyId: string };
    const offer = await poll('the offer to be published', () => offerWithPrice(price));

    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, `/detail/${encodeURIComponent(offer.id)}`);
    await page.getByTestId('offer-detail').waitFor();
    expect((await page.getByTestId('offer-price').textContent())?.replace(/\s/g, ' ')).toMatch(/ Kč$/);
    await page.getByTestId('offer-portals').getByText('Sreality.cz').first().waitFor();
    expect(await page.getByTestId('offer-map').getByRole('link').getAttribute('href')).toMatch(/openstreetmap\.org/);

    await admin(`/properties/${propertyId}/price`, { price: price - 100_000 });
    await poll('the price drop to be recorded', async () => {
      const found = await offerWithPrice(price, 'all');
      return found && found.priceHistory.length >= 2 ? found : null;
    });
    await page.reload();
    await page.getByTestId('price-history').waitFor();

    await admin(`/properties/${propertyId}/withdraw`, {});
    await poll('the offer to be withdrawn', async () => {
      const found = await offerWithPrice(price - 100_000, 'all');
      return found && !found.active ? found : null;
    });
    await page.reload();
    await page.getByTestId('offer-inactive').getByText('Nabídka již není aktivní').waitFor();
    await page.getByTestId('alternatives').getByRole('heading', { name: 'Podobné nabídky' }).waitFor();
    await context.close();
  });
});
