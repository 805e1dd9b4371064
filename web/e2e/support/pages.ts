import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL } from './browser';

/** A consent choice already made, so that the cookie bar does not cover what a test clicks. */
export async function newContext(browser: Browser, { consent = true, width = 1280, bypassCSP = false }: { consent?: boolean; width?: number; bypassCSP?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ', bypassCSP });
  if (consent) {
    const value = encodeURIComponent(JSON.stringify({
      id: randomUUID(), datetime: new Date().toISOString(),
      storages: { functionality_storage: 'granted', security_storage: 'granted', personalization_storage: 'denied', analytics_storage: 'denied', ad_storage: 'denied' },
    }));
    await context.addCookies([{ name: 'rr_consent', value, url: BASE_URL }]);
  }
  return context;
}

export const uniqueEmail = (label: string) => `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`;

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' });
}

/** Picks a place in the watchdog form's autocomplete. */
export async function choosePlace(page: Page, query: string, name: string): Promise<void> {
  await page.getByTestId('place-input').fill(query);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
}

/**
 * A floor area for a flat a test publishes: random, so the dedupe does not merge it with a flat a
 * former run (on a long-lived database) or another test left in the same town.
 */
export const freshArea = (from = 40, span = 60): number => from + Math.floor(Math.random() * span);
