/**
 * `npm run bench:web`: builds the web client, serves web/dist with the gateway's own web-client
 * middleware (the build's precompressed br/gzip files, compression for the rest, immutable hashed
 * assets, SPA fallback) and runs Lighthouse's mobile profile on the home page with Debian's
 * Chromium. Prints one JSON line:
 *   {"initialJsKbGzip":…,"lighthousePerformance":…,"lcpMs":…,"cls":…}
 * initialJsKbGzip is the gzip size of every script the home page loads before it is idle (the
 * build's .gz file, which the gateway sends to gzip-only browsers; Chromium itself gets br).
 * `--url http://localhost:8080/` measures a running gateway instead of the built files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { createLogger } from '@rr/kit';
import { webClient } from '../../services/gateway/src/http/web-client';
import { seoRouter } from '../../services/gateway/src/seo/seo.router';

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'web/dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function build(): void {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'web'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}

/**
 * The gateway's own web-client serving: compression middleware, the server-rendered head of public
 * pages (the home page included), the build's .br/.gz files, cache headers.
 */
function serveDist(): Promise<Server> {
  const app = express();
  app.use(compression());
  app.use(seoRouter({ dist: DIST, publicUrl: 'http://localhost:8080', offersUrl: 'http://127.0.0.1:9', timeoutMs: 1000, log: createLogger('bench-web', 'warn') }));
  app.use(webClient(DIST));
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

type Lhr = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } }>;
};

/** Gzip size of each script the page requested, from the built file when it is ours. */
async function scriptKb(lhr: Lhr, base: string): Promise<number> {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  let bytes = 0;
  for (const item of items.filter((i) => i.resourceType === 'Script')) {
    const local = item.url.startsWith(base) ? path.join(DIST, new URL(item.url).pathname) : null;
    if (local && existsSync(`${local}.gz`)) bytes += readFileSync(`${local}.gz`).length;
    else if (local && existsSync(local)) bytes += gzipSync(readFileSync(local), { level: 9 }).length;
    else bytes += item.transferSize ?? 0;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

async function main() {
  const urlArg = process.argv.indexOf('--url');
  let server: Server | null = null;
  let url: string;
  if (urlArg > 0) url = process.argv[urlArg + 1];
  else {
    build();
    server = await serveDist();
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }
  // lighthouse and chrome-launcher are ES modules; a dynamic import keeps this script CommonJS.
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: (url: string, flags: object) => Promise<{ lhr: Lhr }> };
  const chromeLauncher = (await import('chrome-launcher')) as unknown as {
    launch: (o: object) => Promise<{ port: number; kill: () => Promise<void> | void }>;
  };
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    // A first run warms the OS file cache and the server; the second is the one reported.
    await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const result = {
      initialJsKbGzip: await scriptKb(lhr, new URL(url).origin),
      lighthousePerformance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await chrome.kill();
    server?.close();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:web failed: ${(err as Error).message}\n`);
  process.exit(1);
});
