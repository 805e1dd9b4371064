import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { Bus, createLogger } from '@rr/kit';
import { HEADERS } from '@rr/proto';
import { ADMIN, adminToken, login, registeredUser } from './support/accounts';
import { BASE_URL, launchBrowser } from './support/browser';
import { newContext, open, uniqueEmail } from './support/pages';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const apiGet = async (path: string, token: string | null) => fetch(`${BASE_URL}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function asAdmin(path: string): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await open(page, path);
  await login(page, ADMIN.email, ADMIN.password);
  return page;
}

/**
 * A message as the kit dead-letters it when the account's bounce handler gives up (the handler
 * failed for a reason since fixed): a real envelope on `email.bounced.v1.dlq` with the error headers.
 */
async function deadLetteredBounce(email: string): Promise<string> {
  const bus = new Bus({ clientId: 'e2e-dead-letter', brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), logger: createLogger('e2e', 'silent') });
  await bus.connect();
  try {
    const id = randomUUID();
    const envelope = {
      id, type: 'email.bounced', version: 1, occurredAt: new Date().toISOString(), producer: 'notifier', correlationId: randomUUID(), key: email,
      data: { email, reason: '550 5.1.1 mailbox unavailable', permanent: true, at: new Date().toISOString() },
    };
    await bus.publishRawTo('email.bounced.v1.dlq', {
      key: email, value: JSON.stringify(envelope),
      headers: {
        [HEADERS.eventType]: 'email.bounced', [HEADERS.eventVersion]: '1', [HEADERS.correlationId]: envelope.correlationId,
        [HEADERS.errorCode]: 'EVENT_HANDLER_FAILED', [HEADERS.errorMessage]: 'e2e: the users collection was not reachable',
        [HEADERS.originalTopic]: 'email.bounced.v1', [HEADERS.consumerGroup]: 'account.on-email-bounced',
      },
    });
    return id;
  } finally {
    await bus.disconnect();
  }
}

describe('operations in the administration', () => {
  it('shows each portal\'s crawler with charts, pauses and resumes one, and audits both', async () => {
    const page = await asAdmin('/administrace/crawlery');
    await page.getByTestId('crawler-table').waitFor();
    await page.locator('[data-testid="chart-day-emitted"] canvas').first().waitFor();
    const row = page.locator('tr[data-portal="bazos"]');
    await row.getByRole('button', { name: 'Pozastavit' }).click();
    await row.getByTestId('crawler-state').getByText(/^Pozastaveno/).waitFor();
    await row.getByRole('button', { name: 'Obnovit' }).click();
    await row.getByRole('button', { name: 'Pozastavit' }).waitFor();
    await page.getByRole('link', { name: 'Záznam akcí' }).click();
    await page.getByTestId('audit-list').getByText('Pozastavení portálu').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('audit-list').getByText('Obnovení portálu').first().waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('replays a dead-lettered message after a dry run and sees it processed', async () => {
    const email = uniqueEmail('dead-letter');
    await registeredUser(email, 'heslo-e2e-123');
    await deadLetteredBounce(email);
    const page = await asAdmin('/administrace/nedorucene-zpravy?topic=email.bounced.v1.dlq');
    const row = page.getByTestId('dlq-messages').locator('tr', { hasText: email });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('e2e: the users collection was not reachable').waitFor();
    await row.getByRole('button', { name: 'Zkusit nanečisto' }).click();
    await page.getByTestId('dlq-note').getByText(/Nanečisto: zpráva by šla do email\.bounced\.v1/).waitFor();
    await row.getByTestId('dlq-replay').click();
    await row.getByTestId('dlq-state').getByText('Odesláno znovu · zpracováno').waitFor({ timeout: 30_000 });

    // The replay did what the bounce should have done: the account is blocked.
    const users = await (await apiGet(`/admin/users?q=${encodeURIComponent(email)}`, await adminToken())).json() as { data: { items: Array<{ email: string; state: string }> } };
    expect(users.data.items.find((u) => u.email === email)?.state).toBe('Blocked');
    await page.context().close();
  });

  it('gives a non-admin no crawler or dead-letter administration, neither the pages nor the API', async () => {
    const email = uniqueEmail('ops-not-admin');
    const token = await registeredUser(email, 'heslo-e2e-123');
    for (const path of ['/admin/crawlers', '/admin/dead-letters']) {
      expect((await apiGet(path, null)).status).toBe(401);
      expect((await apiGet(path, token)).status).toBe(403);
    }
    const pause = await fetch(`${BASE_URL}/api/admin/crawlers/bazos/pause`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(pause.status).toBe(403);
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/administrace/crawlery', '/administration/dead-letters']) {
      await open(page, path);
      if (path === '/administrace/crawlery') await login(page, email, 'heslo-e2e-123');
      await page.getByTestId('admin-forbidden').waitFor();
      expect(await page.getByTestId('crawler-table').count()).toBe(0);
      expect(await page.getByTestId('admin-dead-letters').count()).toBe(0);
    }
    await context.close();
  });

  it('renders the new administration pages in both locales', async () => {
    const page = await asAdmin('/administrace/crawlery');
    await page.getByTestId('admin-crawlers').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Stahování z portálů');
    await open(page, '/administration/crawlers');
    await page.getByTestId('admin-crawlers').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Crawling the portals');
    await page.getByRole('columnheader', { name: 'Listings in the last hour' }).waitFor();
    await open(page, '/administrace/nedorucene-zpravy');
    await page.getByTestId('admin-dead-letters').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nedoručené zprávy (dead-letter)');
    await open(page, '/administration/dead-letters');
    await page.getByTestId('admin-dead-letters').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dead letters');
    await page.context().close();
  });

  it('renders the non-public offer and the user page in both locales', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/neverejna-nabidka/of_does-not-exist');
    await page.getByTestId('offer-not-found').getByText('Tuto nabídku jsme nenašli.').waitFor();
    await open(page, '/non-public-offer/of_does-not-exist');
    await page.getByTestId('offer-not-found').getByText('We could not find this offer.').waitFor();

    // A public offer has nothing hidden: its ordinary detail page.
    const list = await (await apiGet('/offers?limit=1', null)).json() as { data: { items: Array<{ id: string; title: string }> } };
    const offer = list.data.items[0];
    if (offer) {
      await open(page, `/neverejna-nabidka/${offer.id}`);
      await page.waitForURL(`**/detail/${offer.id}`);
      await page.getByTestId('offer-detail').waitFor();
    }

    await open(page, `/uzivatel/u_${randomUUID().slice(0, 8)}`);
    await page.getByTestId('user-not-public').getByText('Tato stránka není veřejná').waitFor();
    const advertiser = uniqueEmail('advertiser');
    const token = await registeredUser(advertiser, 'heslo-e2e-123');
    const me = await fetch(`${BASE_URL}/api/ads/advertiser`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ company: 'Realitka E2E s.r.o.', termsAccepted: true }) });
    expect(me.status).toBe(200);
    const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    // Search engines and link previews get the advertiser's head without running JavaScript.
    const html = await (await fetch(`${BASE_URL}/uzivatel/${userId}`)).text();
    expect(html).toContain('<title>Realitka E2E s.r.o. – inzerent v Reality Radar</title>');
    expect(html).toContain('"@type":"Organization"');
    await open(page, `/uzivatel/${userId}`);
    await page.getByTestId('user-page').getByRole('heading', { name: 'Realitka E2E s.r.o.' }).waitFor();
    await page.getByText('Inzerent teď žádnou kampaň nemá.').waitFor();
    await open(page, `/user/${userId}`);
    await page.getByText('The advertiser has no campaign running now.').waitFor();
    expect(await page.content()).not.toContain(advertiser);
    await context.close();
  });
});
