import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { newContext, open, uniqueEmail } from './support/pages';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A registered user's session token, through the API (the journey under test is the chooser, not registration). */
async function registeredToken(email: string): Promise<string> {
  const post = (path: string, method: string, body: unknown) => fetch(`${BASE_URL}/api${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/auth/register', 'POST', { email })).status).toBe(200);
  const magic = new URLSearchParams(linkIn(await waitForMail(email), /magic=/).split('?')[1]).get('magic');
  const done = await post('/auth/register', 'PATCH', { magic, name: 'Eva', surname: 'Malá', password: 'heslo-123456' });
  return ((await done.json()) as { data: { token: string } }).data.token;
}

describe('choosing which watchdogs stay on under a lower limit', () => {
  it('lets a person pick their watchdogs ahead of a downgrade, refuses more than the limit and remembers the choice', async () => {
    const email = uniqueEmail('keep');
    const token = await registeredToken(email);
    const names = ['Praha byty', 'Brno domy', 'Ostrava byty'];
    for (const [i, code] of ['554782', '582786', '554821'].entries()) {
      const res = await fetch(`${BASE_URL}/api/filters`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ criteria: { adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code }] } }),
      });
      const created = (await res.json()) as { data: { filter: { id: string } } };
      await fetch(`${BASE_URL}/api/filters/${created.data.filter.id}`, {
        method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ name: names[i] }),
      });
    }
    const context = await newContext(browser, { width: 390 });
    await context.addInitScript((t) => localStorage.setItem('rr.token', t), token);
    const page = await context.newPage();
    // The link of the expiry e-mail opens the chooser at once.
    await open(page, '/moje-filtry#ponechat');
    const chooser = page.getByTestId('keep-chooser');
    await chooser.getByText('Kteří hlídací psi zůstanou zapnutí').waitFor();
    await chooser.getByText('Vybráno 0 z nejvýše 5').waitFor();
    await chooser.getByLabel('Brno domy').check();
    await chooser.getByLabel('Praha byty').check();
    await chooser.getByText('Vybráni 2 z nejvýše 5').waitFor();
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/keep-chooser-cs-mobile.png`, fullPage: true });
    await page.getByTestId('keep-save').click();
    await page.getByText('Uloženo. Vybraní hlídací psi zůstanou zapnutí i při nižším limitu.').waitFor();

    await open(page, '/my-filters#keep');
    const again = page.getByTestId('keep-chooser');
    await again.getByText('Which watchdogs stay on').waitFor();
    expect(await again.getByLabel('Brno domy').isChecked()).toBe(true);
    expect(await again.getByLabel('Praha byty').isChecked()).toBe(true);
    expect(await again.getByLabel('Ostrava byty').isChecked()).toBe(false);
    await context.close();
  });
});
