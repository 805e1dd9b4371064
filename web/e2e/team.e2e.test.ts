import type { Browser } from 'playwright-core';
import { adminToken, login, registeredUser } from './support/accounts';
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

async function setRole(email: string, role: number): Promise<string> {
  const headers = { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' };
  const found = (await (await fetch(`${BASE_URL}/api/admin/users?q=${encodeURIComponent(email)}`, { headers })).json()) as { data: { items: { id: string }[] } };
  const id = found.data.items[0].id;
  const res = await fetch(`${BASE_URL}/api/admin/users/${id}/role`, { method: 'PATCH', headers, body: JSON.stringify({ role, roleExpiresAt: '2099-01-01T00:00:00.000Z' }) });
  if (!res.ok) throw new Error(`role change failed: ${res.status}`);
  return id;
}

describe('team seats', () => {
  it('a Profi owner adds a registered person on the profile, who then uses the plan and can leave', async () => {
    const [owner, member] = [uniqueEmail('team-owner'), uniqueEmail('team-member')];
    await registeredUser(owner, 'heslo-123456');
    await registeredUser(member, 'heslo-123456');
    await setRole(owner, 7);

    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/muj-profil');
    await login(page, owner, 'heslo-123456');
    const team = page.getByTestId('team');
    await team.getByText('Počet míst ve vašem tarifu: 3').waitFor();
    await team.getByLabel('E-mail registrovaného člověka').fill('nikdo-takovy@example.com');
    await team.getByRole('button', { name: 'Přidat do týmu' }).click();
    await team.getByText('Na tento e-mail nemáme registrovaný účet').waitFor();
    await team.getByLabel('E-mail registrovaného člověka').fill(member);
    await team.getByRole('button', { name: 'Přidat do týmu' }).click();
    await team.getByTestId('team-member').getByText(member).waitFor();
    await context.close();

    const memberContext = await newContext(browser);
    const memberPage = await memberContext.newPage();
    await open(memberPage, '/muj-profil');
    await login(memberPage, member, 'heslo-123456');
    const seat = memberPage.getByTestId('team');
    await seat.getByText(`Používáte tarif účtu ${owner}.`).waitFor();
    await seat.getByRole('button', { name: 'Odejít z týmu' }).click();
    await seat.waitFor({ state: 'detached' });
    await memberContext.close();
  });
});
