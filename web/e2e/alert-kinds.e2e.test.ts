import type { Browser } from 'playwright-core';
import { adminToken, registeredUser } from './support/accounts';
import { BASE_URL, launchBrowser } from './support/browser';
import { linkIn, waitForMail, type CaughtMail } from './support/mail';
import { choosePlace, newContext, open, uniqueEmail } from './support/pages';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';
/** Withdrawals are found by the crawler's full walk (30 s in the local system), then confirmed on the detail page. */
const WITHDRAWAL_TIMEOUT_MS = Number(process.env.E2E_WITHDRAWAL_TIMEOUT_MS ?? 120_000);
/** The local system calls a return after a minute withdrawn a comeback (`COMEBACK_MIN_SECONDS`, scripts/start.ts). */
const COMEBACK_MIN_MS = Number(process.env.E2E_COMEBACK_MIN_SECONDS ?? 60) * 1_000;
jest.setTimeout(3 * WITHDRAWAL_TIMEOUT_MS + COMEBACK_MIN_MS + 120_000);

const PARDUBICE = '555134';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function admin<T>(path: string, body: unknown, expected = 200): Promise<T> {
  const response = await fetch(`${SIMULATOR_URL}/admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== expected) throw new Error(`simulator ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every e-mail to the address about one offer (its page's link), oldest first. */
async function mailsAbout(address: string, offerId: string): Promise<CaughtMail[]> {
  const all = (await (await fetch(`${process.env.MAILDEV_URL ?? 'http://localhost:1080'}/email`)).json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address) && (m.text ?? '').includes(`/detail/${offerId}`));
}

const detailIdIn = (mail: CaughtMail) => /\/detail\/([\w-]+)/.exec(mail.text ?? '')?.[1] ?? null;

describe('alerts about an offer already seen', () => {
  it('lets a subscriber ask for comebacks and withdrawal notices, and sends each once with the offer page behind it', async () => {
    const email = uniqueEmail('kinds');
    const password = 'heslo-123456';
    const token = await registeredUser(email, password);
    const adminAuth = { authorization: `Bearer ${await adminToken()}` };
    const found = (await (await fetch(`${BASE_URL}/api/admin/users?q=${encodeURIComponent(email)}`, { headers: adminAuth })).json()) as { data: { items: Array<{ id: string }> } };
    const role = await fetch(`${BASE_URL}/api/admin/users/${found.data.items[0].id}/role`, {
      method: 'PATCH', headers: { ...adminAuth, 'content-type': 'application/json' }, body: JSON.stringify({ role: 3, roleExpiresAt: '2099-01-01T00:00:00.000Z' }),
    });
    expect(role.ok).toBe(true);

    const context = await newContext(browser);
    await context.addInitScript((t) => localStorage.setItem('rr.token', t), token);
    const page = await context.newPage();
    await open(page, '/');
    await choosePlace(page, 'pardubice', 'Pardubice');
    await page.getByTestId('chips-dispositions').getByLabel('2+1', { exact: true }).check();
    await page.getByTestId('more-filters').click();
    const kinds = page.getByTestId('alert-kinds');
    await kinds.getByText('Upozornit mě také').waitFor();
    // Mini pays for them: the choices are open (they are greyed out with the reason for free users).
    await kinds.getByTestId('alert-kind-backOnMarket').check();
    await kinds.getByTestId('alert-kind-noLongerActive').check();
    await page.getByRole('button', { name: 'Začít hlídat' }).click();
    const saved = await (async () => {
      for (let i = 0; i < 40; i++) {
        const list = (await (await fetch(`${BASE_URL}/api/filters`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { items: Array<{ criteria: Record<string, unknown> }> } };
        if (list.data.items.length > 0) return list.data.items[0];
        await page.waitForTimeout(500);
      }
      throw new Error('the watchdog was not saved');
    })();
    expect(saved.criteria).toMatchObject({ backOnMarket: true, noLongerActive: true, priceDrops: false });

    const property = await admin<{ propertyId: string }>('/properties', {
      adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+1', municipalityCode: PARDUBICE, area: 58, price: 3_150_000 + Math.floor(Math.random() * 90_000), portals: ['sreality'],
    }, 201);
    const alert = await waitForMail(email, (m) => /^Nová nabídka: /.test(m.subject) && /Prodej bytu 2\+1 58 m²/.test(m.subject), 120_000);
    const offerId = detailIdIn(alert)!;

    await admin(`/properties/${property.propertyId}/withdraw`, {});
    const notice = await waitForMail(email, (m) => /^Nabídka již není aktivní: /.test(m.subject) && detailIdIn(m) === offerId, WITHDRAWAL_TIMEOUT_MS);
    const withdrawnSeenAt = Date.now();
    expect(notice.text).toContain('Podobné nabídky');
    // The notice leads to the offer page, which says the offer is no longer active and offers alternatives.
    await open(page, linkIn(notice, /\/detail\//));
    await page.getByTestId('offer-inactive').getByText('Nabídka již není aktivní').waitFor();
    await page.getByTestId('alternatives').getByRole('heading', { name: 'Podobné nabídky' }).waitFor();

    // Back on another portal once it has been away long enough to count as a comeback.
    await page.waitForTimeout(Math.max(0, withdrawnSeenAt + COMEBACK_MIN_MS - Date.now()));
    await admin(`/properties/${property.propertyId}/republish`, { portals: ['bezrealitky'] });
    const comeback = await waitForMail(email, (m) => /^Znovu v nabídce: /.test(m.subject) && detailIdIn(m) === offerId, WITHDRAWAL_TIMEOUT_MS);
    await open(page, linkIn(comeback, /\/detail\//));
    await page.getByTestId('offer-detail').waitFor();
    await page.getByTestId('offer-portals').getByText('Bezrealitky').first().waitFor();
    expect(await page.getByTestId('offer-inactive').count()).toBe(0);

    // One e-mail of each kind about the offer, and no second "new offer" for the comeback.
    await page.waitForTimeout(5_000);
    expect((await mailsAbout(email, offerId)).map((m) => m.subject.split(':')[0]).sort()).toEqual(['Nabídka již není aktivní', 'Nová nabídka', 'Znovu v nabídce']);
    await context.close();
  });
});
