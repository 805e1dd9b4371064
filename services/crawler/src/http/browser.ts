import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
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

/** The DOM is all a parser reads: pictures, fonts, styles and media are never fetched. */
const SKIPPED_RESOURCES = new Set(['image', 'media', 'font', 'stylesheet']);

/** After DOMContentLoaded, a render waits until the page's own requests have been quiet this long. */
const NETWORK_QUIET_MS = 100;

export type Renderer = {
  render(url: string, options: { userAgent: string; timeoutMs: number }): Promise<HttpResponse>;
  close(): Promise<void>;
};

/**
 * One headless Chromium shared by every portal, launched on the first render (most portals never
 * need it) and closed on shutdown. A crashed browser is launched again on the next render.
 * Tabs are kept and reused (opening one costs a renderer process), and a render ends once the
 * page's scripts have run and its requests are quiet for 100 ms, not 500 ms as `networkidle0`.
 */
export function createBrowserRenderer(executablePath: string, log: Logger): Renderer {
  let browser: Promise<Browser> | null = null;
  let idle: Page[] = [];

  const launch = () => {
    log.info({ executablePath }, 'launching headless chromium');
    idle = [];
    const launched = puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
    launched
      .then((b) => b.on('disconnected', () => {
        browser = null;
        idle = [];
      }))
      .catch(() => (browser = null));
    return launched;
  };

  const openTab = async (): Promise<Page> => {
    browser ??= launch();
    const page = await (await browser).newPage();
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (SKIPPED_RESOURCES.has(request.resourceType())) void request.abort().catch(() => undefined);
      else void request.continue().catch(() => undefined);
    });
    return page;
  };

  return {
    async render(url, { userAgent, timeoutMs }) {
      const page = idle.pop() ?? (await openTab());
      let reusable = false;
      try {
        await page.setUserAgent(userAgent);
        const response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
        await page.waitForNetworkIdle({ idleTime: NETWORK_QUIET_MS, timeout: timeoutMs });
        const answer = {
          status: response?.status() ?? 200,
          headers: response?.headers() ?? {},
          body: await page.content(),
          url: page.url(),
        };
        reusable = true;
        return answer;
      } finally {
        if (reusable && !page.isClosed()) idle.push(page);
        else await page.close().catch(() => undefined);
      }
    },
    async close() {
      const open = browser;
      browser = null;
      idle = [];
      if (open) await (await open).close().catch(() => undefined);
    },
  };
}
