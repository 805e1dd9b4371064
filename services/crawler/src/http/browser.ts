import puppeteer, { type Browser } from 'puppeteer-core';
import type { Logger } from '@rr/kit';
import type { HttpResponse } from '../adapters/types';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export type Renderer = {
  render(url: string, options: { userAgent: string; timeoutMs: number }): Promise<HttpResponse>;
  close(): Promise<void>;
};

/**
 * One headless Chromium shared by every portal, launched on the first render (most portals never
 * need it) and closed on shutdown. A crashed browser is launched again on the next render.
 */
export function createBrowserRenderer(executablePath: string, log: Logger): Renderer {
  let browser: Promise<Browser> | null = null;

  const launch = () => {
    log.info({ executablePath }, 'launching headless chromium');
    const launched = puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
    launched
      .then((b) => b.on('disconnected', () => (browser = null)))
      .catch(() => (browser = null));
    return launched;
  };

  return {
    async render(url, { userAgent, timeoutMs }) {
      browser ??= launch();
      const page = await (await browser).newPage();
      try {
        await page.setUserAgent(userAgent);
        const response = await page.goto(url, { waitUntil: 'networkidle0', timeout: timeoutMs });
        return {
          status: response?.status() ?? 200,
          headers: response?.headers() ?? {},
          body: await page.content(),
          url: page.url(),
        };
      } finally {
        await page.close().catch(() => undefined);
      }
    },
    async close() {
      const open = browser;
      browser = null;
      if (open) await (await open).close().catch(() => undefined);
    },
  };
}
