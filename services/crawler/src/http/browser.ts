import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import type { Logger } from '@rr/kit';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--blink-settings=imagesEnabled=false',
];

/** The DOM is all a parser reads: pictures, fonts, styles and media are never fetched. */
const SKIPPED_RESOURCES = new Set(['image', 'media', 'font', 'stylesheet']);

/** After the document is written, a render waits until the page's own requests have been quiet this long. */
const NETWORK_QUIET_MS = 100;

/** What a tab answers when it is sent to a portal's origin: nothing is fetched for it, not even a favicon. */
const EMPTY_DOCUMENT = '<!DOCTYPE html><html><head><link rel="icon" href="data:,"></head><body></body></html>';

export type RenderInput = { url: string; html: string };

export type Renderer = {
  /** Runs the scripts of a page the crawler fetched and answers the DOM they built, as HTML. */
  render(page: RenderInput, options: { userAgent: string; timeoutMs: number }): Promise<string>;
  /** Starts the browser now, so the first render does not wait a second for it. */
  warmUp(): void;
  close(): Promise<void>;
};

/**
 * One headless Chromium shared by every portal, launched on the first render (most portals never
 * need it) and closed on shutdown. A crashed browser is launched again on the next render.
 *
 * The crawler fetches the page itself (politely, with its rate limit, retries and conditional
 * requests) and Chromium only runs its scripts: the HTML is written into a tab that already
 * stands at the portal's origin, so the scripts' own requests and cookies work as on the site.
 * A navigation per page cost about three times the CPU (a new document, process bookkeeping).
 * Tabs are kept per origin and reused; the one navigation that puts a tab at an origin is
 * answered from here, without a request to the portal.
 */
export function createBrowserRenderer(executablePath: string, log: Logger): Renderer {
  let browser: Promise<Browser> | null = null;
  let idle = new Map<string, Page[]>();

  const launch = () => {
    log.info({ executablePath }, 'launching headless chromium');
    idle = new Map();
    const launched = puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
    launched
      .then((b) => b.on('disconnected', () => {
        browser = null;
        idle = new Map();
      }))
      .catch(() => (browser = null));
    return launched;
  };

  const openTab = async (origin: string, timeoutMs: number): Promise<Page> => {
    browser ??= launch();
    const page = await (await browser).newPage();
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (request.isNavigationRequest() && request.url() === `${origin}/`) {
        void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: EMPTY_DOCUMENT }).catch(() => undefined);
      } else if (SKIPPED_RESOURCES.has(request.resourceType())) {
        void request.abort().catch(() => undefined);
      } else {
        void request.continue().catch(() => undefined);
      }
    });
    await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    return page;
  };

  return {
    async render({ url, html }, { userAgent, timeoutMs }) {
      const origin = new URL(url).origin;
      const page = idle.get(origin)?.pop() ?? (await openTab(origin, timeoutMs));
      let reusable = false;
      try {
        await page.setUserAgent(userAgent);
        // Relative links and script URLs resolve against the page's own address, as on the site.
        await page.setContent(withBase(html, url), { waitUntil: 'domcontentloaded', timeout: timeoutMs });
        await page.waitForNetworkIdle({ idleTime: NETWORK_QUIET_MS, timeout: timeoutMs });
        // A quiet network is not a finished page: the callbacks of the last response (r.json(),
        // then the DOM writes) are tasks in the page's own queue, and a busy machine runs them
        // later than 100 ms after the bytes arrived. A task queued now runs after them.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        const rendered = await page.content();
        reusable = true;
        return rendered;
      } finally {
        if (reusable && !page.isClosed()) idle.set(origin, [...(idle.get(origin) ?? []), page]);
        else await page.close().catch(() => undefined);
      }
    },
    warmUp() {
      browser ??= launch();
      browser.catch((err: Error) => log.warn({ err: err.message }, 'chromium did not start; the next render tries again'));
    },
    async close() {
      const open = browser;
      browser = null;
      idle = new Map();
      if (open) await (await open).close().catch(() => undefined);
    },
  };
}

/** The page with `<base href>` first in its head (or first at all), unless it names a base itself. */
export function withBase(html: string, url: string): string {
  if (/<base\s[^>]*href=/i.test(html)) return html;
  const base = `<base href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}
