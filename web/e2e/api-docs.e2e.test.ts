import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { newContext, open, uniqueEmail } from './support/pages';

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

/** A registered user on the Profi plan (API scope `report`), set by the administrator. */
async function profiUser(email: string, password: string): Promise<void> {
  await call('/auth/register', { email });
  const magic = new URLSearchParams(linkIn(await waitForMail(email), /magic=/).split('?')[1]).get('magic');
  const registered = await call('/auth/register', { magic, name: 'Ivana', surname: 'Datová', password }, 'PATCH');
  if (!registered.ok) throw new Error(`registration failed: ${registered.status}`);
  const admin = (await (await call('/auth/login', ADMIN)).json()) as { data: { token: string } };
  const found = (await (await fetch(`${BASE_URL}/api/admin/users?q=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${admin.data.token}` } })).json()) as { data: { items: { id: string }[] } };
  const role = await call(`/admin/users/${found.data.items[0].id}/role`, { role: 7, roleExpiresAt: '2099-01-01T00:00:00.000Z' }, 'PATCH', admin.data.token);
  if (!role.ok) throw new Error(`role change failed: ${role.status}`);
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
    await profiUser(email, password);
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
    const list = (await (await fetch(listUrl, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { items: { id: string }[]; next: string } };
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
});
