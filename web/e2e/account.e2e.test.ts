import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { choosePlace, newContext, open, uniqueEmail } from './support/pages';

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const dialog = (page: Page) => page.getByTestId('auth-dialog');

async function register(page: Page, email: string, password: string) {
  await open(page, '/');
  await page.getByTestId('login-button').click();
  await dialog(page).getByRole('button', { name: 'Nemáte účet? Zaregistrujte se' }).click();
  await dialog(page).getByLabel('E-mail').fill(email);
  await dialog(page).getByRole('button', { name: 'Registrovat se' }).click();
  await page.getByTestId('auth-SENT').waitFor();
  await dialog(page).getByRole('button', { name: 'Zavřít', exact: true }).first().click();

  const mail = await waitForMail(email);
  await open(page, linkIn(mail, /magic=/));
  const form = page.getByTestId('auth-COMPLETE_REGISTER');
  await form.waitFor();
  await form.getByRole('button', { name: 'Dokončit registraci' }).click();
  await form.getByText('Vaše jméno je povinná položka').waitFor();
  await form.getByLabel('Jméno').fill('Jana');
  await form.getByLabel('Příjmení').fill('Nováková');
  await form.getByLabel('Heslo').fill(password);
  await form.getByRole('button', { name: 'Dokončit registraci' }).click();
  await page.waitForURL(/\/moje-filtry$/);
}

describe('an account', () => {
  it('registers, completes the registration, creates, edits and disables a watchdog and logs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('reg');
    await register(page, email, 'Heslo-123');
    expect(new URL(page.url()).search).toBe('');
    await page.getByTestId('user-menu').waitFor();

    await open(page, '/');
    await choosePlace(page, 'brno', 'Brno');
    // Words and the seller come with a subscription: a free account sees why and cannot add them.
    await page.getByTestId('more-filters').click();
    await page.getByTestId('narrowing-paid').getByText('Slova a volba prodávajícího jsou součástí předplatného.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Musí obsahovat některé ze slov' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Začít hlídat' }).click();
    await page.getByText('Nový hlídací pes je aktivní.').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Hlídací psi (1)' }).click();
    await page.waitForURL(/\/moje-filtry$/);
    const card = page.getByTestId('filter-card');
    await card.getByText('Aktivní', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Upravit' }).click();
    await page.waitForURL(/\/moje-filtry\/.+/);
    await page.getByTestId('filter-edit').click();
    await page.getByLabel('Cena (Kč) do').fill('6 000 000');
    await page.getByRole('button', { name: 'Uložit změny' }).click();
    await page.getByText('Změny jsme uložili.').waitFor();
    await page.getByText('do 6 000 000 Kč').waitFor();

    await page.getByTestId('filter-toggle').click();
    await page.getByText('Hlídací pes byl deaktivován.').waitFor();
    await page.getByText('Vypnutý').first().waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-button').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('rr.token'))).toBeNull();
    await context.close();
  });

  it('resets a forgotten password and logs in with the new one', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('reset');
    await register(page, email, 'Puvodni-1');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();

    await open(page, '/?login');
    await dialog(page).getByRole('button', { name: 'Zapomněli jste heslo?' }).click();
    await dialog(page).getByLabel('E-mail').fill(email);
    await dialog(page).getByRole('button', { name: 'Resetovat heslo' }).click();
    await page.getByTestId('auth-SENT').waitFor();

    const mail = await waitForMail(email, (m) => /email=/.test(m.text ?? ''));
    await open(page, linkIn(mail, /magic=.*email=|email=.*magic=/));
    const form = page.getByTestId('auth-COMPLETE_RESET');
    await form.waitFor();
    await form.getByLabel('Nové heslo').fill('Nove-heslo-2');
    await form.getByRole('button', { name: 'Uložit změny' }).click();
    await page.waitForURL(/\/moje-filtry$/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();

    await open(page, '/?login');
    await dialog(page).getByLabel('E-mail').fill(email);
    await dialog(page).getByLabel('Heslo').fill('Puvodni-1');
    await dialog(page).getByRole('button', { name: 'Přihlásit se' }).click();
    await dialog(page).getByText('Neplatné přihlašovací údaje.').waitFor();
    await dialog(page).getByLabel('Heslo').fill('Nove-heslo-2');
    await expect(dialog(page).getByText('Neplatné přihlašovací údaje.').count()).resolves.toBe(0);
    await dialog(page).getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL(/\/moje-filtry$/);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});
