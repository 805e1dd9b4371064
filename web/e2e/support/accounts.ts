import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';
import { linkIn, waitForMail } from './mail';

/** The administrator the system under test was started with (npm start keeps it in .run/). */
export const ADMIN = (() => {
  const secrets = JSON.parse(readFileSync(path.resolve(__dirname, '../../../.run/dev-secrets.json'), 'utf8')) as Record<string, string>;
  return { email: process.env.E2E_ADMIN_EMAIL ?? secrets.ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD ?? secrets.ADMIN_PASSWORD };
})();

const dialog = (page: Page) => page.getByTestId('auth-dialog');

/** Pages that need a login open the dialog themselves; elsewhere the header's button does. */
export async function login(page: Page, email: string, password: string) {
  await page.getByTestId('login-button').waitFor();
  await page.waitForTimeout(300);
  if (!(await dialog(page).isVisible())) await page.getByTestId('login-button').click();
  await dialog(page).getByLabel('E-mail').fill(email);
  await dialog(page).getByLabel('Heslo').fill(password);
  await dialog(page).getByRole('button', { name: 'Přihlásit se' }).click();
  await page.getByTestId('login-button').waitFor({ state: 'detached' });
}

/** A registered user through the API and the magic link, as a person would; answers the session token. */
export async function registeredUser(email: string, password: string): Promise<string> {
  const post = (p: string, body: unknown, method = 'POST') => fetch(`${BASE_URL}/api${p}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/auth/register', { email });
  const magic = new URLSearchParams(linkIn(await waitForMail(email), /magic=/).split('?')[1]).get('magic');
  const res = await post('/auth/register', { magic, name: 'Marta', surname: 'Adminová', password }, 'PATCH');
  if (!res.ok) throw new Error(`registration failed: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A session token of the administrator, for API calls beside the browser. */
export async function adminToken(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
