import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@rr/kit';
import { createBrowserRenderer, withBase } from '../src/http/browser';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A portal whose list is built by scripts: one from embedded data, one from its own API. */
function startPortal() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url!);
    if (req.url === '/api/offers.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ id: 'b1', title: 'Pronájem bytu 1+kk' }]));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise<{ origin: string; requests: string[]; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      requests,
      close: () => server.close(),
    }));
  });
}

const page = (body: string) => `<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>Nabídka</title></head><body>${body}</body></html>`;

describe('browser renderer (headless Chromium)', () => {
  const renderer = createBrowserRenderer(CHROMIUM, createLogger('test', 'silent'));
  let portal: Awaited<ReturnType<typeof startPortal>>;
  const options = { userAgent: 'RealityRadarBot/1.0', timeoutMs: 15_000 };

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await renderer.close();
    portal.close();
  });

  it('runs the page scripts and answers the DOM they built', async () => {
    const html = page(
      '<div id="vypis"></div><img src="/photo.jpg">' +
      '<script id="data" type="application/json">[{"id":"a1","title":"Prodej bytu 2+kk, 54 m²"}]</script>' +
      '<script>for (const o of JSON.parse(document.getElementById("data").textContent)) {' +
      'const d = document.createElement("div"); d.className = "card"; d.dataset.id = o.id; d.textContent = o.title; document.getElementById("vypis").append(d); }</script>',
    );
    const rendered = await renderer.render({ url: `${portal.origin}/reality/?s=2`, html }, options);
    expect(rendered).toContain('<div class="card" data-id="a1">Prodej bytu 2+kk, 54 m²</div>');
    // Neither the page itself (the crawler fetched it) nor its pictures are requested again.
    expect(portal.requests).toEqual([]);
  });

  it('lets the scripts call the portal from its own origin, relative URLs included', async () => {
    const html = page(
      '<ul id="list"></ul><script>fetch("api/offers.json").then((r) => r.json()).then((offers) => {' +
      'for (const o of offers) { const li = document.createElement("li"); li.textContent = o.title + " @ " + location.origin; document.getElementById("list").append(li); } });</script>',
    );
    const rendered = await renderer.render({ url: `${portal.origin}/`, html }, options);
    expect(rendered).toContain(`<li>Pronájem bytu 1+kk @ ${portal.origin}</li>`);
    expect(portal.requests).toEqual(['/api/offers.json']);
  });

  it('reuses its tab for the next page of the same portal without leftovers', async () => {
    const first = await renderer.render({ url: `${portal.origin}/p/1`, html: page('<p id="n">1</p>') }, options);
    const second = await renderer.render({ url: `${portal.origin}/p/2`, html: page('<p id="n">2</p>') }, options);
    expect(first).toContain('<p id="n">1</p>');
    expect(second).toContain('<p id="n">2</p>');
    expect(second).not.toContain('<p id="n">1</p>');
  });
});

describe('browser renderer without a browser', () => {
  it('survives a warm-up that cannot start Chromium and says so on the render', async () => {
    const renderer = createBrowserRenderer('/nonexistent/chromium', createLogger('test', 'silent'));
    renderer.warmUp();
    await expect(renderer.render({ url: 'http://127.0.0.1:9/', html: '<p>x</p>' }, { userAgent: 'x', timeoutMs: 5_000 }))
      .rejects.toThrow(/nonexistent\/chromium/);
    await renderer.close();
  });
});

describe('withBase', () => {
  it('puts the base first in the head', () => {
    expect(withBase('<html><head><title>x</title></head></html>', 'https://www.reality.cz/a/?s=2&g=1')).toBe(
      '<html><head><base href="https://www.reality.cz/a/?s=2&amp;g=1"><title>x</title></head></html>');
  });

  it('keeps a base the page names itself, and prefixes a page without a head', () => {
    expect(withBase('<head><base href="/x/"></head>', 'https://a.cz/')).toBe('<head><base href="/x/"></head>');
    expect(withBase('<p>x</p>', 'https://a.cz/')).toBe('<base href="https://a.cz/"><p>x</p>');
  });
});
