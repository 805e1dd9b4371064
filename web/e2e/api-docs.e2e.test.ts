import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { distanceKm } from '@rr/proto';
import { BASE_URL, launchBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { freshArea, newContext, open, uniqueEmail } from './support/pages';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';

jest.setTimeout(180_000);

const ADMIN = (() => {
  const secrets = JSON.parse(readFileSync(path.resolve(__dirname, '../../.run/dev-secrets.json'), 'utf8')) as Record<string, string>;
  return { email: process.env.E2E_ADMIN_EMAIL ?? secrets.ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD ?? secrets.ADMIN_PASSWORD };
})();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const call = (p: string, body: unknown, method = 'POST', token?: string) => fetch(`${BASE_URL}/api${p}`, {
  method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
});

/** A registered user on a plan set by the administrator (7 Profi: scopes `report`, `history`; 9 Enterprise: `real-estate` too); their session token. */
async function userOnPlan(email: string, password: string, role: number): Promise<string> {
  await call('/auth/register', { email });
  const magic = new URLSearchParams(linkIn(await waitForMail(email), /magic=/).split('?')[1]).get('magic');
  const registered = await call('/auth/register', { magic, name: 'Ivana', surname: 'Datová', password }, 'PATCH');
  if (!registered.ok) throw new Error(`registration failed: ${registered.status}`);
  const admin = (await (await call('/auth/login', ADMIN)).json()) as { data: { token: string } };
  const found = (await (await fetch(`${BASE_URL}/api/admin/users?q=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${admin.data.token}` } })).json()) as { data: { items: { id: string }[] } };
  const changed = await call(`/admin/users/${found.data.items[0].id}/role`, { role, roleExpiresAt: '2099-01-01T00:00:00.000Z' }, 'PATCH', admin.data.token);
  if (!changed.ok) throw new Error(`role change failed: ${changed.status}`);
  return ((await registered.json()) as { data: { token: string } }).data.token;
}

async function login(page: Page, email: string, password: string) {
  const dialog = page.getByTestId('auth-dialog');
  await page.getByTestId('login-button').waitFor();
  await page.waitForTimeout(300);
  if (!(await dialog.isVisible())) await page.getByTestId('login-button').click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Heslo').fill(password);
  await dialog.getByRole('button', { name: 'Přihlásit se' }).click();
  await page.getByTestId('login-button').waitFor({ state: 'detached' });
}

describe('the data API: key issuance and the docs pages', () => {
  it('issues a key on the profile, and the report page\'s example runs with it against the API, in Czech and English', async () => {
    const email = uniqueEmail('api');
    const password = 'heslo-123456';
    await userOnPlan(email, password, 7);
    const context = await newContext(browser);
    const page = await context.newPage();

    await open(page, '/muj-profil');
    await login(page, email, password);
    const keys = page.getByTestId('api-keys');
    await keys.getByLabel('Název klíče').fill('synchronizace');
    await keys.getByRole('button', { name: 'Vytvořit klíč' }).click();
    const key = (await page.getByTestId('api-key-created').locator('code').textContent())!.trim();
    expect(key).toMatch(/^rr_live_/);
    await keys.getByTestId('api-key').getByText('synchronizace').waitFor();

    await open(page, '/docs');
    const overview = page.getByTestId('api-docs-overview');
    for (const heading of ['Klíče', 'Limity', 'Stránkování', 'Chyby', 'Verze']) await overview.getByRole('heading', { name: heading }).waitFor();
    await page.getByRole('link', { name: 'report', exact: true }).click();
    const report = page.getByTestId('api-docs-report');
    await report.getByRole('cell', { name: 'months', exact: true }).waitFor();
    const example = (await report.getByTestId('example-curl').textContent())!;
    const url = /'(http[^']+)'/.exec(example)![1];
    const answer = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { place: { name: string }; report: { status: string } } };
    expect(body.data.place.name).toBe('Brno');
    expect(['ok', 'notEnoughData']).toContain(body.data.report.status);

    // The sync endpoints (Profi's history scope): the pages' own examples run with the key.
    await page.getByRole('link', { name: 'history/list', exact: true }).click();
    const listUrl = /'(http[^']+)'/.exec((await page.getByTestId('api-docs-historyList').getByTestId('example-curl').textContent())!)![1];
    expect(new URL(listUrl).pathname).toBe('/api/v1/history/list');
    // On a fresh system the pipeline may not have published its first offers yet: wait for them.
    const changes = async () => (await (await fetch(listUrl, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { items: { id: string }[]; next: string } };
    let list = await changes();
    for (let i = 0; i < 45 && list.data.items.length === 0; i++) {
      await page.waitForTimeout(2000);
      list = await changes();
    }
    expect(list.data.items.length).toBeGreaterThan(0);
    expect(list.data.next).toMatch(/^\d+~/);
    await page.getByRole('link', { name: 'history/detail', exact: true }).click();
    await page.getByTestId('api-docs-historyDetail').getByRole('cell', { name: 'id', exact: true }).waitFor();
    const detailUrl = new URL(/'(http[^']+)'/.exec((await page.getByTestId('api-docs-historyDetail').getByTestId('example-curl').textContent())!)![1]);
    detailUrl.searchParams.set('id', list.data.items[0].id);
    const detail = await fetch(detailUrl, { headers: { authorization: `Bearer ${key}` } });
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { data: { id: string } }).data.id).toBe(list.data.items[0].id);
    // real-estate is Enterprise's: documented, refused to Profi in words.
    await page.getByRole('link', { name: 'real-estate', exact: true }).click();
    const searchUrl = /'(http[^']+)'/.exec((await page.getByTestId('api-docs-realEstate').getByTestId('example-curl').textContent())!)![1];
    expect((await fetch(searchUrl, { headers: { authorization: `Bearer ${key}` } })).status).toBe(403);
    for (const type of ['contact', 'extended', 'geo', 'real-estate', 'stats']) {
      await page.getByRole('link', { name: `types/${type}`, exact: true }).click();
      await page.getByTestId(`api-docs-type-${type}`).getByRole('table').waitFor();
    }

    await page.getByTestId('language-switch').click();
    await page.getByRole('heading', { name: 'Data API', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByTestId('api-docs-overview').getByRole('heading', { name: 'Versioning' }).waitFor();
    await context.close();
  });
  it('runs the real-estate page\'s examples of several places and a radius with an Enterprise key, in Czech and English', async () => {
    const email = uniqueEmail('api-places');
    const password = 'heslo-123456';
    const session = await userOnPlan(email, password, 9);
    const created = await call('/profile/api-keys', { name: 'hledání' }, 'POST', session);
    expect(created.status).toBe(201);
    const key = ((await created.json()) as { data: { key: string } }).data.key;
    const search = async (url: string | URL) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { items: { id: string; location: { municipalityCode: string | null; districtCode: string | null; regionCode: string | null; point: { lat: number; lon: number } | null } }[]; next: string | null } }).data;
    };
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/docs/real-estate');
    const docs = page.getByTestId('api-docs-realEstate');
    await docs.getByRole('cell', { name: 'places', exact: true }).waitFor();
    // The places syntax in Czech, its limits from the API's own document.
    await docs.getByRole('cell', { name: /Nejvýše 20 míst/ }).waitFor();
    const examples = docs.getByTestId('param-examples-places');
    await examples.getByText('Brno a vše do 10 km od jeho středu, k tomu okres Brno-venkov').waitFor();

    // The curl example (Brno with a 10 km circle and the Brno-venkov district, 2+kk) runs and answers offers of those places only.
    const brno = { lat: 49.1951, lon: 16.6068 };
    const curlUrl = new URL(/'(http[^']+)'/.exec((await docs.getByTestId('example-curl').textContent())!)![1]);
    expect(curlUrl.searchParams.get('places')).toBe('municipality:582786:10,district:CZ0643');
    const inCircle = (o: Awaited<ReturnType<typeof search>>['items'][number]) =>
      o.location.municipalityCode === '582786' || o.location.districtCode === 'CZ0643' || (o.location.point !== null && distanceKm(o.location.point, brno) <= 10);
    // A 2+kk flat in Brno of the test's own, on a portal (the simulator's random market may have none
    // there); the search answers 200 at once, so wait until the pipeline has published it.
    const listed = await fetch(`${SIMULATOR_URL}/admin/properties`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+kk', municipalityCode: '582786', area: freshArea(), price: 5_200_000, portals: ['sreality'] }),
    });
    expect(listed.status).toBe(201);
    let page1 = await search(curlUrl);
    for (let i = 0; i < 45 && page1.items.length === 0; i++) {
      await page.waitForTimeout(2000);
      page1 = await search(curlUrl);
    }
    expect(page1.items.length).toBeGreaterThan(0);
    for (const o of page1.items) expect([o.id, inCircle(o)]).toEqual([o.id, true]);

    // Every listed example of places is a search the API takes; the area ones answer only their places.
    const examplesListed = await examples.locator('li code').allTextContents();
    expect(examplesListed.length).toBeGreaterThanOrEqual(4);
    for (const text of examplesListed) {
      const url = new URL('/api/v1/real-estate', BASE_URL);
      url.searchParams.set('places', text.replace(/^places=/, ''));
      url.searchParams.set('limit', '50');
      const answer = await search(url);
      if (text === 'places=region:CZ064,district:CZ0806') {
        for (const o of answer.items) expect([o.id, o.location.regionCode === 'CZ064' || o.location.districtCode === 'CZ0806']).toEqual([o.id, true]);
      }
    }
    // A radius over the limit is refused in words.
    const refused = await fetch(`${BASE_URL}/api/v1/real-estate?places=municipality:582786:60`, { headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'places.0': 'a radius is at most 50 km' });

    await page.getByTestId('language-switch').click();
    await docs.getByRole('cell', { name: /at most 20 places/ }).waitFor();
    await examples.getByText('Brno and everything within 10 km of its centre, with the Brno-venkov district').waitFor();
    await context.close();
  });
});
