/**
 * Developer tool: screenshots of pages at phone and desktop widths, to look at the layout.
 * Usage: tsx web/scripts/screens.ts <baseUrl> <outDir> <path>... (paths may carry `@en` to switch locale)
 */
import { mkdirSync } from 'node:fs';
import { exampleOffer } from '@rr/proto';
import { launchBrowser } from '../e2e/support/browser';

/** `@offer` / `@inactive` flags answer the offers API with proto's example offer, for layout work without data. */
const offerFixture = (active: boolean) => ({
  ...exampleOffer, active,
  priceHistory: [{ price: 8_990_000, at: '2025-01-10T10:00:00.000Z' }, { price: 8_490_000, at: '2025-02-01T10:00:00.000Z' }],
});

async function main() {
  const [base, out, ...paths] = process.argv.slice(2);
  mkdirSync(out, { recursive: true });
  const browser = await launchBrowser();
  for (const [name, width, height] of [['mobile', 360, 780], ['desktop', 1280, 900]] as const) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const raw of paths) {
      const [path, flag] = raw.split('@');
      await page.unrouteAll();
      if (flag === 'offer' || flag === 'inactive') {
        await page.route('**/api/offers/**', (route) => route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify(route.request().url().includes('alternatives') ? { data: { items: [offerFixture(true), { ...offerFixture(true), id: 'x2' }] } } : { data: offerFixture(flag === 'offer') }),
        }));
      }
      await page.goto(base + path, { waitUntil: 'networkidle' });
      if (flag === 'cookies') await page.context().clearCookies();
      await page.waitForTimeout(300);
      const file = `${out}/${name}${path.replace(/[/?=&]/g, '_') || '_'}${flag ? `-${flag}` : ''}.png`;
      await page.screenshot({ path: file, fullPage: flag !== undefined });
      process.stdout.write(`${file}\n`);
    }
    await context.close();
  }
  await browser.close();
}

void main();
