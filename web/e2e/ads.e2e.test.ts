import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { solidPng } from '@rr/ad-serving/src/domain/png';
import { BASE_URL, launchBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { newContext, open, uniqueEmail } from './support/pages';

jest.setTimeout(300_000);

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';
const PAYMENT_SIMULATOR_URL = process.env.PAYMENT_SIMULATOR_URL ?? 'http://localhost:8091';
const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
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

const api = async <T>(p: string, body: unknown, method = 'POST', token?: string): Promise<T> => {
  const res = await fetch(`${BASE_URL}/api${p}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};

/** A registered user through the API and the magic link, as a person would; answers the session token. */
async function registeredUser(email: string, password: string): Promise<string> {
  await api('/auth/register', { email });
  const magic = new URLSearchParams(linkIn(await waitForMail(email), /magic=/).split('?')[1]).get('magic');
  await api('/auth/register', { magic, name: 'Petr', surname: 'Inzerent', password }, 'PATCH');
  return (await api<{ token: string }>('/auth/login', { email, password })).token;
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

/** Asks again until the answer is the wanted one (or the time is up, and the last answer is compared). */
async function eventually<T>(read: () => Promise<T>, wanted: T, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(wanted) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    last = await read();
  }
  expect(last).toEqual(wanted);
}

/** The towns a run's person watches and its offer lies in: one at random, so runs seldom meet (each also cleans up). */
const TOWNS = [['582786', 'Brno'], ['554821', 'Ostrava'], ['500496', 'Olomouc'], ['563889', 'Liberec'], ['544256', 'České Budějovice'], ['569810', 'Hradec Králové'], ['555134', 'Pardubice'], ['585068', 'Zlín'], ['586846', 'Jihlava']];

/** Earlier runs on the same system leave approved nationwide campaigns whose banners would compete for this run's alert. */
async function pauseEarlierCampaigns(admin: string) {
  for (const c of await api<Array<{ id: string; name: string }>>('/ads/admin/campaigns?status=approved', undefined, 'GET', admin)) {
    if (c.name === 'E2E kampaň') await api(`/ads/admin/campaigns/${c.id}/pause`, { reason: 'e2e cleanup' }, 'POST', admin);
  }
}

const png = (name: string, width: number, height: number) => ({ name, mimeType: 'image/png', buffer: solidPng(width, height, [200, 40, 40, 255]) });

describe('e-mail banner advertising', () => {
  it('an advertiser tops up, creates a campaign with both banners, an admin approves it, an alert carries the banner, and its load and click show in the report', async () => {
    const password = 'heslo-e2e-123';
    const admin = (await api<{ token: string }>('/auth/login', { email: ADMIN.email, password: ADMIN.password })).token;
    await pauseEarlierCampaigns(admin);
    const advertiser = uniqueEmail('advertiser');
    await registeredUser(advertiser, password);

    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/inzerce');
    await page.getByTestId('ads-price-tiers').getByText(/0,50/).waitFor();
    await login(page, advertiser, password);
    await open(page, '/inzerce');
    const join = page.getByTestId('ads-join-form');
    await join.getByLabel('Firma nebo jméno inzerenta').fill('Reklamní agentura E2E s.r.o.');
    await page.getByTestId('ads-terms-accept').check();
    await page.getByTestId('ads-join').click();
    await page.waitForURL(/\/inzerce\/kampane$/);

    // Credit by QR Platba: the payment request, then the bank statement has the money.
    await open(page, '/inzerce/kredit');
    const topUp = page.getByTestId('top-up-form');
    await topUp.getByLabel('Jméno a příjmení nebo firma').fill('Reklamní agentura E2E s.r.o.');
    await topUp.getByLabel('Ulice a číslo').fill('Vinohradská 1');
    await topUp.getByLabel('Obec').fill('Praha');
    await topUp.getByLabel('PSČ').fill('120 00');
    await page.getByTestId('top-up-terms').check();
    await page.getByTestId('top-up').click();
    await page.waitForURL(/\/inzerce\/kredit\?payment=pay_/);
    await page.getByTestId('qr-platba').waitFor();
    const symbol = (await page.getByTestId('bank-vs').textContent())!.trim();
    const paid = await fetch(`${PAYMENT_SIMULATOR_URL}/admin/fio/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 5000, variableSymbol: symbol }) });
    expect(paid.status).toBe(201);
    await page.getByTestId('payment-paid').waitFor({ timeout: 60_000 });
    await eventually(async () => {
      await open(page, '/inzerce/kredit');
      return (await page.getByTestId('credit-balance').textContent())?.replace(/\s/g, '');
    }, '5000Kč');

    // The campaign: nationwide, paid per view, both banners (a wrong size refused in words first).
    await open(page, '/inzerce/kampane/nova');
    const form = page.getByTestId('campaign-form');
    await page.getByTestId('campaign-name').fill('E2E kampaň');
    await page.getByTestId('campaign-alt').fill('Hypotéka od 3,9 % – E2E banka');
    await page.getByTestId('campaign-url').fill('https://example.com/e2e-hypoteka');
    await page.getByTestId('campaign-budget').fill('500');
    await form.getByTestId('campaign-save').click();
    await page.waitForURL(/\/inzerce\/kampane\/cmp_/);
    const campaignId = page.url().split('/').pop()!;
    await page.getByTestId('banner-file-desktop').setInputFiles(png('wrong.png', 300, 250));
    await expect(page.getByTestId('banner-error-desktop').textContent()).resolves.toContain('520 × 250 px; tento má 300×250 px');
    await page.getByTestId('banner-file-desktop').setInputFiles(png('desktop.png', 520, 250));
    await page.getByTestId('banner-desktop').locator('img').waitFor();
    await page.getByTestId('banner-file-mobile').setInputFiles(png('mobile.png', 320, 150));
    await page.getByTestId('banner-mobile').locator('img').waitFor();
    await expect(page.getByTestId('email-preview').locator('img').count()).resolves.toBe(2);
    await page.getByTestId('campaign-submit').click();
    await page.getByTestId('campaign-status').getByText('Ke schválení').waitFor();

    // The administrator approves it.
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    await open(adminPage, '/administrace/reklama');
    await login(adminPage, ADMIN.email, ADMIN.password);
    await open(adminPage, '/administrace/reklama');
    const card = adminPage.getByTestId(`review-${campaignId}`);
    await card.getByRole('img').first().waitFor();
    await card.getByTestId('review-approve').click();
    await card.waitFor({ state: 'detached' });
    await adminContext.close();

    // A person who allows commercial communications watches a town; a matching offer appears there.
    const [townCode, townName] = TOWNS[Math.floor(Math.random() * TOWNS.length)];
    const person = uniqueEmail('ads-person');
    const personToken = await registeredUser(person, password);
    await api('/profile/email-preferences', { emailPreferences: ['notifications', 'marketing'] }, 'PUT', personToken);
    const { filter: watchdog } = await api<{ filter: { id: string } }>('/filters', {
      criteria: { adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code: townCode, name: townName, point: null, radiusKm: 0 }] },
    }, 'POST', personToken);
    await new Promise((r) => setTimeout(r, 3_000));
    const price = 3_000_000 + Math.floor(Math.random() * 900_000);
    const published = await fetch(`${SIMULATOR_URL}/admin/properties`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+kk', municipalityCode: townCode, price, area: 52, portals: ['sreality'] }),
    });
    expect(published.status).toBe(201);
    const alert = await waitForMail(person, (m) => /\/a\/i\//.test(m.html ?? ''), 150_000);
    const receivedAt = Date.now();
    expect(alert.html).toContain('Reklama – obchodní sdělení');
    const image = linkIn(alert, /\/a\/i\/.+\/d\.png/);
    const click = linkIn(alert, /\/a\/c\//);

    // A person opens it (past the prefetch window) and clicks (past the link scanners' window).
    await new Promise((r) => setTimeout(r, Math.max(0, receivedAt + 11_000 - Date.now())));
    const loaded = await fetch(`${BASE_URL}${image}`, { headers: { 'user-agent': PERSON_UA } });
    expect(loaded.headers.get('content-type')).toBe('image/png');
    const clicked = await fetch(`${BASE_URL}${click}`, { headers: { 'user-agent': PERSON_UA }, redirect: 'manual' });
    expect(clicked.status).toBe(302);
    expect(clicked.headers.get('location')).toBe('https://example.com/e2e-hypoteka');

    // The advertiser's report: one sent, fetched and net view, one click, charged at the credit's price.
    const figure = (id: string) => page.getByTestId(id).textContent().then((t) => t?.replace(/\s/g, ''));
    await eventually(async () => {
      await open(page, `/inzerce/kampane/${campaignId}`);
      await page.getByTestId('report-totals').waitFor();
      return [await figure('total-sent'), await figure('total-fetched'), await figure('total-views'), await figure('total-clicks')];
    }, ['1', '1', '1', '1']);
    // 5 000 Kč prepaid: the second tier, 0,40 Kč a view.
    await expect(figure('total-spend')).resolves.toBe('0,40Kč');
    await page.getByTestId('impression-meaning').getByText('Platíte jen za čistá zobrazení').waitFor();
    await page.getByTestId('report-chart').locator('canvas').waitFor();
    const csv = await page.request.get(`${BASE_URL}${await page.getByTestId('report-csv').getAttribute('href')}`);
    expect(await csv.text()).toMatch(new RegExp(`,${campaignId},1,1,1,1,100\\.00,0\\.40`));
    await context.close();
    // Leave the system as found: no running E2E campaign, no watchdog of this run's person.
    await pauseEarlierCampaigns(admin);
    await api(`/filters/${watchdog.id}`, undefined, 'DELETE', personToken);
  });
});
