import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { choosePlace, newContext, open, uniqueEmail } from './support/pages';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const dialog = (page: Page) => page.getByTestId('auth-dialog');
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Registers from the login dialog the premium page opened, so the visitor comes back to the same step. */
async function registerFromDialog(page: Page, email: string) {
  await dialog(page).getByRole('button', { name: 'Nemáte účet? Zaregistrujte se' }).click();
  await dialog(page).getByLabel('E-mail').fill(email);
  await dialog(page).getByRole('button', { name: 'Registrovat se' }).click();
  await page.getByTestId('auth-SENT').waitFor();
  await dialog(page).getByRole('button', { name: 'Zavřít', exact: true }).first().click();
  const mail = await waitForMail(email);
  await open(page, linkIn(mail, /magic=/));
  const form = page.getByTestId('auth-COMPLETE_REGISTER');
  await form.getByLabel('Jméno').fill('Jana');
  await form.getByLabel('Příjmení').fill('Nováková');
  await form.getByLabel('Heslo').fill('heslo-123456');
  await form.getByRole('button', { name: 'Dokončit registraci' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('the premium journey', () => {
  it('goes from the premium page through the simulated gateway to the confirmation, the tariff label and the invoice', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/premium-ucet');
    await page.getByTestId('plan-STANDARD').waitFor();
    await shot(page, 'premium-cs');
    await page.getByTestId('choose-STANDARD').click();
    await page.waitForURL(/\/premium-ucet\?tier=STANDARD&period=month/);
    await dialog(page).waitFor();

    await registerFromDialog(page, uniqueEmail('premium'));
    await open(page, '/premium-ucet?tier=STANDARD&period=month');
    const form = page.getByTestId('checkout-form');
    await form.waitFor();
    await form.getByLabel('Jméno a příjmení nebo firma').fill('Jana Nováková');
    await form.getByLabel('Ulice a číslo').fill('Hnězdenská 12');
    await form.getByLabel('Obec').fill('Praha 8');
    await form.getByLabel('PSČ').fill('181 00');
    await form.getByLabel('IČO').fill('27082441');
    await page.getByTestId('terms').check();
    await page.getByTestId('pay').click();
    await form.getByText('IČO nemá správný kontrolní součet.').waitFor();
    await shot(page, 'checkout-cs');
    await form.getByLabel('IČO').fill('');
    await page.getByTestId('pay').click();

    await page.waitForURL(/\/gopay\/gw\/\d+$/);
    await page.getByTestId('gw-pay').click();
    await page.waitForURL(/\/premium-ucet-potvrzeni\?payment=pay_/);
    await page.getByTestId('payment-paid').waitFor({ timeout: 30_000 });
    await shot(page, 'confirmation-paid-cs');

    await open(page, '/muj-profil');
    await page.getByTestId('subscription-tier').getByText('Standard').waitFor({ timeout: 30_000 });
    await page.getByTestId('tariff-label').getByText('Standard').waitFor({ timeout: 30_000 });
    const pdfLink = page.locator('[data-testid^="invoice-pdf-"]').first();
    await pdfLink.waitFor();
    await shot(page, 'profile-cs');
    const href = await pdfLink.getAttribute('href');
    const pdf = await page.request.get(new URL(href!, page.url()).toString());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Standard includes words and the seller choice (issue 19): a word chip and "private sellers only" are saved and shown.
    await open(page, '/');
    await choosePlace(page, 'plzen', 'Plzeň');
    await page.getByTestId('more-filters').click();
    const wanted = page.getByTestId('words-wordsAny');
    const wordInput = wanted.getByRole('textbox', { name: 'Musí obsahovat některé ze slov' });
    await wordInput.fill('Balkón*');
    await wordInput.press('Enter');
    await wanted.getByRole('button', { name: 'Odebrat slovo Balkón*' }).waitFor();
    await page.getByTestId('seller-choice').getByLabel('Jen soukromí prodejci').check();
    await page.getByRole('button', { name: 'Začít hlídat' }).click();
    await page.getByText('Nový hlídací pes je aktivní.').waitFor();
    await open(page, '/moje-filtry');
    await page.getByTestId('filter-card').first().getByRole('link', { name: 'Upravit' }).click();
    await page.waitForURL(/\/moje-filtry\/.+/);
    await page.getByText('Musí obsahovat některé ze slov').waitFor();
    await page.getByText('balkon*', { exact: true }).waitFor();
    await page.getByText('Jen soukromí prodejci', { exact: true }).waitFor();
    await context.close();
  });

  it('shows yearly prices in English on a phone and asks a visitor to log in before checkout', async () => {
    const context = await newContext(browser, { width: 390 });
    const page = await context.newPage();
    await open(page, '/premium-account');
    await page.getByTestId('period-year').click();
    await page.waitForURL(/\/premium-account\?period=year/);
    await page.getByTestId('plan-MINI').getByText('a year').waitFor();
    await page.getByTestId('plan-MINI').getByText('Up to 10 active watchdogs').waitFor();
    await shot(page, 'premium-en-mobile');
    await page.getByTestId('choose-PREMIUM').click();
    await page.getByTestId('login-required').waitFor();
    await dialog(page).waitFor();
    await context.close();
  });

  it('pays a year by bank transfer: QR Platba and the details, then the page turns paid when the bank statement has the money', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/premium-ucet?period=year');
    await page.getByTestId('choose-MINI').click();
    await dialog(page).waitFor();
    await registerFromDialog(page, uniqueEmail('bank'));
    await open(page, '/premium-ucet?tier=MINI&period=year');
    const form = page.getByTestId('checkout-form');
    await form.getByLabel('Jméno a příjmení nebo firma').fill('Realitní kancelář Šťastný s.r.o.');
    await form.getByLabel('Ulice a číslo').fill('Žluťoučká 7');
    await form.getByLabel('Obec').fill('Brno');
    await form.getByLabel('PSČ').fill('602 00');
    await form.getByLabel('IČO').fill('27082440');
    await page.getByTestId('method-bank').check();
    await page.getByTestId('terms').check();
    await page.getByTestId('pay').click();

    await page.waitForURL(/\/premium-ucet-potvrzeni\?payment=pay_/);
    await page.getByTestId('qr-platba').waitFor();
    const symbol = (await page.getByTestId('bank-vs').textContent())!.trim();
    expect(symbol).toMatch(/^\d{10}$/);
    await shot(page, 'confirmation-bank-cs');
    const sent = await page.request.post('http://localhost:8091/admin/fio/transactions', { data: { amount: 990, variableSymbol: symbol } });
    expect(sent.status()).toBe(201);
    await page.getByTestId('payment-paid').waitFor({ timeout: 60_000 });
    await context.close();
  });
});

