import type { Browser } from 'playwright-core';
import { ADMIN, login, registeredUser } from './support/accounts';
import { BASE_URL, launchBrowser } from './support/browser';
import { waitForMail } from './support/mail';
import { newContext, open, uniqueEmail } from './support/pages';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the administration', () => {
  it('finds a user by e-mail prefix, changes the role, blocks and unblocks (the session reflects it) and answers a contact message', async () => {
    const email = uniqueEmail('admin-target');
    const password = 'heslo-e2e-123';
    await registeredUser(email, password);
    const contact = await fetch(`${BASE_URL}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'cs' }, body: JSON.stringify({ email, subject: 'Dotaz k pronájmu', message: 'Hlídáte i Bazoš?' }) });
    const contactId = ((await contact.json()) as { data: { id: string } }).data.id;

    const userContext = await newContext(browser);
    const userPage = await userContext.newPage();
    await open(userPage, '/');
    await login(userPage, email, password);

    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/administrace');
    await login(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('admin-overview').waitFor();

    await page.getByRole('link', { name: 'Uživatelé' }).click();
    await page.getByLabel('Hledat uživatele').fill(email.slice(0, email.indexOf('@') + 1));
    await page.getByRole('button', { name: 'Hledat', exact: true }).click();
    await page.getByTestId('admin-users').getByRole('link', { name: email }).click();
    await page.getByTestId('admin-user').waitFor();

    await page.getByTestId('role-select').selectOption({ label: 'Premium' });
    await page.getByTestId('role-form').getByRole('button', { name: 'Uložit' }).click();
    await page.getByTestId('user-role').getByText('Premium').waitFor();

    await page.getByRole('button', { name: 'Zablokovat' }).click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('user-state').getByText('Zablokovaný').waitFor();
    // The blocked person's next visit ends their session with the spec's message.
    await userPage.reload();
    await userPage.getByTestId('login-button').waitFor();

    await page.getByRole('button', { name: 'Odblokovat' }).click();
    await page.getByTestId('user-state').getByText('Aktivní').waitFor();
    await login(userPage, email, password);
    await userPage.reload();
    await userPage.getByTestId('login-button').waitFor({ state: 'detached' });
    await page.getByTestId('audit-list').getByText('Zablokování').waitFor();

    await page.goto(`${BASE_URL}/administrace/kontakt/${contactId}`);
    await page.getByTestId('admin-contact').getByText('Hlídáte i Bazoš?').waitFor();
    await page.getByTestId('answer-body').fill('Ano, Bazoš je jeden ze sedmi portálů, které hlídáme.');
    await page.getByRole('button', { name: 'Odeslat odpověď' }).click();
    await page.getByTestId('contact-state').getByText('Zodpovězená').waitFor();
    const answer = await waitForMail(email, (m) => m.subject === 'Re: Dotaz k pronájmu');
    expect(answer.text).toContain('Bazoš je jeden ze sedmi portálů');

    await page.goto(`${BASE_URL}/administration/contact`);
    await page.getByTestId('admin-contacts').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Messages');
    await context.close();
    await userContext.close();
  });

  it('shows a non-admin no administration, neither the page nor the API', async () => {
    const email = uniqueEmail('not-admin');
    await registeredUser(email, 'heslo-e2e-123');
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/administrace/uzivatele');
    await login(page, email, 'heslo-e2e-123');
    await page.getByTestId('admin-forbidden').waitFor();
    expect(await page.getByTestId('admin-users').count()).toBe(0);
    const status = await page.evaluate(async () => {
      const token = localStorage.getItem('rr.token');
      return (await fetch('/api/admin/users', { headers: { authorization: `Bearer ${token}` } })).status;
    });
    expect(status).toBe(403);
    await context.close();
  });
});
