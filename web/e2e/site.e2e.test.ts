import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { newContext, open } from './support/pages';

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const consentOf = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'rr_consent');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : null;
};

describe('the cookie bar', () => {
  it('records a rejection with id, datetime and storages and does not ask again', async () => {
    const context = await newContext(browser, { consent: false });
    const page = await context.newPage();
    await open(page, '/');
    const bar = page.getByTestId('cookie-bar');
    await bar.getByRole('button', { name: 'Odmítnout' }).click();
    await bar.waitFor({ state: 'detached' });
    const consent = await consentOf(page);
    expect(consent).toMatchObject({ storages: { analytics_storage: 'denied', ad_storage: 'denied', personalization_storage: 'denied', functionality_storage: 'granted', security_storage: 'granted' } });
    expect(typeof consent.id).toBe('string');
    expect(Number.isNaN(Date.parse(consent.datetime))).toBe(false);
    await page.reload();
    await page.getByTestId('watchdog-form').waitFor();
    expect(await page.getByTestId('cookie-bar').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBe(0);
    await context.close();
  });

  it('keeps a detailed choice in the second step and records analytics only when granted', async () => {
    const context = await newContext(browser, { consent: false });
    const page = await context.newPage();
    await open(page, '/');
    const bar = page.getByTestId('cookie-bar');
    await bar.getByRole('button', { name: 'Podrobné nastavení' }).click();
    expect(await bar.getByTestId('consent-necessary').isDisabled()).toBe(true);
    expect(await bar.getByTestId('consent-necessary').isChecked()).toBe(true);
    await bar.getByTestId('consent-analytics').check({ force: true });
    await bar.getByRole('button', { name: 'Potvrdit výběr' }).click();
    await bar.waitFor({ state: 'detached' });
    expect((await consentOf(page)).storages).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied', personalization_storage: 'denied' });

    await page.getByRole('link', { name: 'Časté otázky' }).first().click();
    await page.getByTestId('faq').waitFor();
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer?.map((e) => e.event) ?? []);
    expect(events).toContain('pageview');

    await page.reload();
    await page.getByTestId('cookie-settings').click();
    const dialog = page.getByTestId('cookie-dialog');
    expect(await dialog.getByTestId('consent-analytics').isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('languages', () => {
  it('switches to the same page in English and back, with titles and hreflang alternates', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/jak-to-funguje');
    await page.getByTestId('how-it-works').waitFor();
    expect(await page.title()).toBe('Jak to funguje – Reality Radar');
    const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) => links.map((l) => `${l.getAttribute('hreflang')} ${new URL((l as HTMLLinkElement).href).pathname}`));
    expect(alternates).toEqual(expect.arrayContaining(['cs /jak-to-funguje', 'en /how-it-works']));

    await page.getByTestId('language-switch').click();
    await page.waitForURL(/\/how-it-works$/);
    await page.getByRole('heading', { name: 'How it works', level: 1 }).waitFor();
    await page.waitForFunction(() => document.title === 'How it works – Reality Radar');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(1);

    await page.getByTestId('language-switch').click();
    await page.waitForURL(/\/jak-to-funguje$/);
    await page.getByRole('heading', { name: 'Jak to funguje', level: 1 }).waitFor();
    await context.close();
  });

  it('tells when a page is not available in the selected language', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/service/agrarni-pudni-fond');
    await page.getByTestId('not-available').waitFor();
    await page.getByRole('button', { name: 'Show in Czech' }).click();
    await page.waitForURL(/\/sluzby\/agrarni-pudni-fond$/);
    await page.getByTestId('sub-service').waitFor();
    await context.close();
  });
});

describe('navigation', () => {
  it('shows the 404 page for an unknown address', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/tahle-stranka-neexistuje');
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('heading', { name: 'Stránka nenalezena' }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Stránka nenalezena'));
    await context.close();
  });

  it('asks to log in when an e-mail edit link is opened logged out, with the timer in seconds', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/moje-filtry/w_x?filterId=w_x&emailId=e1');
    await page.getByText('Pro úpravu hlídacích psů se prosím přihlaste.').first().waitFor();
    expect(await page.getByTestId('toast-timer').first().textContent()).toMatch(/^(10|9) s$/);
    await page.getByTestId('auth-LOGIN').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('auth-dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('opens the mobile menu at 360 px', async () => {
    const context = await newContext(browser, { width: 360 });
    const page = await context.newPage();
    await open(page, '/');
    await page.getByTestId('menu-toggle').click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Kontakt' }).click();
    await page.waitForURL(/\/kontakt$/);
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });
});

describe('accessibility', () => {
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const pages = ['/', '/casto-kladene-otazky', '/kontakt', '/jak-to-funguje', '/moje-filtry', '/cookies', '/how-it-works', '/tahle-neni'];

  it.each(pages)('axe finds no serious or critical violation on %s', async (path) => {
    // axe is injected as an inline script, which the gateway's CSP rightly forbids to pages.
    const context = await newContext(browser, { bypassCSP: true });
    const page = await context.newPage();
    await open(page, path);
    await page.waitForSelector('main#content > :not(.page-loading)');
    await page.waitForLoadState('networkidle');
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    });
    expect(violations).toEqual([]);
    await context.close();
  });
});
