/**
 * Developer tool: screenshots of pages at phone and desktop widths, to look at the layout.
 * Usage: tsx web/scripts/screens.ts <baseUrl> <outDir> <path>... (paths may carry `@en` to switch locale)
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../e2e/support/browser';

async function main() {
  const [base, out, ...paths] = process.argv.slice(2);
  mkdirSync(out, { recursive: true });
  const browser = await launchBrowser();
  for (const [name, width, height] of [['mobile', 360, 780], ['desktop', 1280, 900]] as const) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const raw of paths) {
      const [path, flag] = raw.split('@');
      await page.goto(base + path, { waitUntil: 'networkidle' });
      if (flag === 'cookies') await page.context().clearCookies();
      await page.waitForTimeout(300);
      const file = `${out}/${name}${path.replace(/[/?=&]/g, '_') || '_'}${flag ? `-${flag}` : ''}.png`;
      await page.screenshot({ path: file, fullPage: flag === 'full' });
      process.stdout.write(`${file}\n`);
    }
    await context.close();
  }
  await browser.close();
}

void main();
