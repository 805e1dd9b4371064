import type { Browser } from 'playwright-core';
import { adminToken, login, registeredUser } from './support/accounts';
import { BASE_URL, launchBrowser } from './support/browser';
import { freshArea, newContext, open, uniqueEmail } from './support/pages';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';
/**
 * The crawler learns of a withdrawal on its full walk (`CRAWL_FULL_WALK_SECONDS`, 30 s in the
 * simulator-backed system that `npm start` and `npm test` run), then confirms it on the detail page.
 */
const WITHDRAWAL_TIMEOUT_MS = Number(process.env.E2E_WITHDRAWAL_TIMEOUT_MS ?? 120_000);
// A price change, like a withdrawal, waits for a walk of the portal: each may take that long on a loaded machine.
jest.setTimeout(120_000 + 2 * WITHDRAWAL_TIMEOUT_MS);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type Source = { portal: string; listingId: string; active: boolean };
type OfferItem = { id: string; price: number | null; active: boolean; sources: Source[] };
type Published = { propertyId: string; listings: Array<{ portal: string; listingId: string }> };

async function poll<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

async function admin<T>(path: string, body: unknown, expected = 200): Promise<T> {
  const response = await fetch(`${SIMULATOR_URL}/admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== expected) throw new Error(`simulator ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const PARDUBICE = '555134';

/** A property on the simulator's portals, as the pipeline publishes it: found by its portal listing ids. */
async function publishedOffer(property: Published): Promise<OfferItem> {
  const ours = new Set(property.listings.map((l) => `${l.portal}:${l.listingId}`));
  return poll(`the offer of ${property.propertyId} to be published`, async () => {
    const response = await fetch(`${BASE_URL}/api/offers?municipalityCode=${PARDUBICE}&limit=100&active=all`);
    if (!response.ok) return null;
    const items = ((await response.json()) as { data: { items: OfferItem[] } }).data.items;
    return items.find((o) => o.sources.some((s) => ours.has(`${s.portal}:${s.listingId}`))) ?? null;
  });
}

async function offerById(id: string): Promise<OfferItem | null> {
  const response = await fetch(`${BASE_URL}/api/offers/${encodeURIComponent(id)}`);
  return response.ok ? ((await response.json()) as { data: OfferItem }).data : null;
}

describe('the offer page', () => {
  it('shows price, portals and price history, and once withdrawn the inactive message with alternatives', async () => {
    const price = 3_000_000 + Math.floor(Math.random() * 900_000);
    const area = freshArea(45, 60);
    const flat = { adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+1', municipalityCode: PARDUBICE, area };
    const property = await admin<Published>('/properties', { ...flat, price, portals: ['sreality', 'bezrealitky'] }, 201);
    // A similar flat that stays on sale: what the withdrawn offer's page offers instead. 5 m² more,
    // beyond the dedupe's size tolerance, so it is never taken for the same flat.
    const neighbour = await admin<Published>('/properties', { ...flat, area: area + 5, price: price + 40_000, portals: ['sreality'] }, 201);
    const [offer, alternative] = await Promise.all([publishedOffer(property), publishedOffer(neighbour)]);

    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, `/detail/${encodeURIComponent(offer.id)}`);
    await page.getByTestId('offer-detail').waitFor();
    expect((await page.getByTestId('offer-price').textContent())?.replace(/\s/g, ' ')).toMatch(/ Kč$/);
    await page.getByTestId('offer-portals').getByText('Sreality.cz').first().waitFor();
    expect(await page.getByTestId('offer-map').getByRole('link').getAttribute('href')).toMatch(/openstreetmap\.org/);
    expect(await page.getByTestId('offer-inactive').count()).toBe(0);

    // Each portal prints its own price for a cross-post; the offer's is its primary listing's.
    expect(offer.price).not.toBeNull();
    await admin(`/properties/${property.propertyId}/price`, { price: price - 100_000 });
    await poll('the price drop to be recorded', async () => {
      const found = await offerById(offer.id);
      // An anonymous caller gets the current price only: the history is the plans' (offer-access.ts).
      return found && found.price === offer.price! - 100_000 ? found : null;
    }, WITHDRAWAL_TIMEOUT_MS);
    // The history is Standard's: a visitor learns how often the price changed and where to get the rest.
    await page.reload();
    await page.getByTestId('price-history-locked').waitFor();
    expect((await page.getByTestId('price-history-locked').textContent())?.replace(/\s/g, ' ')).toContain('změnila 1×');
    expect(await page.getByTestId('price-history').count()).toBe(0);
    expect(await page.getByTestId('price-history-locked').getByRole('link').getAttribute('href')).toBe(`/lp-premium-detail/${encodeURIComponent(offer.id)}`);
    // A Standard subscriber signed in sees each change.
    const email = uniqueEmail('history');
    await registeredUser(email, 'heslo-123456');
    const auth = { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' };
    const users = (await (await fetch(`${BASE_URL}/api/admin/users?q=${encodeURIComponent(email)}`, { headers: auth })).json()) as { data: { items: { id: string }[] } };
    const role = await fetch(`${BASE_URL}/api/admin/users/${users.data.items[0].id}/role`, { method: 'PATCH', headers: auth, body: JSON.stringify({ role: 5, roleExpiresAt: '2099-01-01T00:00:00.000Z' }) });
    expect(role.ok).toBe(true);
    await login(page, email, 'heslo-123456');
    // Logging in lands on the person's watchdogs: back to the offer.
    await open(page, `/detail/${encodeURIComponent(offer.id)}`);
    await page.getByTestId('price-history').waitFor();
    expect((await page.getByTestId('price-history').textContent())?.replace(/\s/g, ' ')).toContain('−100 000 Kč');

    // The e-mail landing of this offer tells a visitor what a subscription adds for it, in numbers.
    // As a visitor would see it: a page of its own, not signed in.
    const visitor = await newContext(browser);
    const landing = await visitor.newPage();
    await open(landing, `/lp-premium-detail/${encodeURIComponent(offer.id)}`);
    await landing.getByTestId('lp-offer').waitFor();
    expect((await landing.getByTestId('lp-history').textContent())?.replace(/\s/g, ' ')).toMatch(/změnila jednou\. Dnes je o 100 000 Kč levnější/);
    expect((await landing.getByTestId('lp-feature-priceDrops').textContent())?.replace(/\s/g, ' ')).toContain('od tarifu Mini za 99 Kč měsíčně');
    expect(await landing.getByTestId('lp-upgrade').getAttribute('href')).toBe('/premium-ucet?tier=STANDARD&period=month');
    if (process.env.E2E_SCREENSHOTS) await landing.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/lp-premium-detail-cs.png`, fullPage: true });
    await visitor.close();

    await admin(`/properties/${property.propertyId}/withdraw`, {});
    await poll('the offer to be withdrawn', async () => {
      const found = await offerById(offer.id);
      return found && !found.active ? found : null;
    }, WITHDRAWAL_TIMEOUT_MS);
    await page.reload();
    await page.getByTestId('offer-inactive').getByText('Nabídka již není aktivní').waitFor();
    const alternatives = page.getByTestId('alternatives');
    await alternatives.getByRole('heading', { name: 'Podobné nabídky' }).waitFor();
    await alternatives.locator(`a[href="/detail/${alternative.id}"]`).waitFor();
    await context.close();
  });
});
