import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { choosePlace, freshArea, newContext, open } from './support/pages';
import { randomUUID } from 'node:crypto';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://localhost:8090';
jest.setTimeout(150_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a watchdog created without an account', () => {
  it('suggests the corrected e-mail, is confirmed from the e-mail and then alerts about a new matching offer', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const local = `e2e-anon-${randomUUID().slice(0, 8)}`;
    await open(page, '/');

    await page.getByTestId('chips-adTypes').getByLabel('Prodej').uncheck();
    await page.getByTestId('chips-adTypes').getByLabel('Pronájem').check();
    await choosePlace(page, 'plzen', 'Plzeň');
    await page.getByTestId('chips-dispositions').getByLabel('2+kk', { exact: true }).check();
    await page.getByLabel('Kam posílat nabídky').fill(`${local}@gmial.com`);
    await page.getByRole('button', { name: 'Začít hlídat' }).click();

    const typo = page.getByTestId('email-typo');
    await typo.getByText('Zdá se nám, že v e-mailu máte překlep...').waitFor();
    await typo.getByRole('button', { name: `${local}@gmail.com` }).click();
    await expect(page.getByLabel('Kam posílat nabídky').inputValue()).resolves.toBe(`${local}@gmail.com`);
    await page.getByRole('button', { name: 'Začít hlídat' }).click();
    await page.getByTestId('watchdog-pending').waitFor();

    const address = `${local}@gmail.com`;
    const confirmation = await waitForMail(address);
    await open(page, linkIn(confirmation, /confirm/));
    await page.getByTestId('thank-you').waitFor();
    expect(page.url()).toMatch(/\/dekujeme\?filterId=/);

    const published = await fetch(`${SIMULATOR_URL}/admin/properties`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adType: 'Rent', realEstateType: 'Apartment', dispositionLabel: '2+kk', municipalityCode: '554791', price: 14_500, area: freshArea(), portals: ['sreality'] }),
    });
    expect(published.status).toBe(201);
    const alert = await waitForMail(address, (m) => m.id !== confirmation.id && /detail\//.test(m.text ?? ''), 120_000);
    expect(alert.text).toMatch(/14[\s\u00a0]500/);
    await context.close();
  });
});
