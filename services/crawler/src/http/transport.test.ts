import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { createNodeTransport } from './transport';

/** A small real server: each path answers in its own way, and it counts TCP connections. */
async function startServer() {
  let connections = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html; charset=utf-8' });
      res.end(zlib.gzipSync('Byt 2+kk, 5 490 000 Kč'));
    } else if (url.pathname === '/moved') {
      res.writeHead(301, { location: '/final?from=moved' });
      res.end();
    } else if (url.pathname === '/form') {
      res.writeHead(303, { location: '/final' });
      res.end();
    } else if (url.pathname === '/final') {
      res.writeHead(200, { 'x-method': req.method!, 'set-cookie': ['a=1', 'b=2'] });
      res.end(`final ${url.search}`);
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.end('too late'), 500);
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.end(`${req.method} ${req.headers['user-agent']} ${body}`));
    }
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, connections: () => connections, close: () => new Promise((r) => server.close(r)) };
}

describe('node transport', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const transport = createNodeTransport({ maxSockets: 2 });
  const get = (path: string, extra: Partial<Parameters<typeof transport>[1]> = {}) =>
    transport(`${server.base}${path}`, { method: 'GET', headers: { 'user-agent': 'RealityRadarBot/1.0' }, timeoutMs: 2_000, ...extra });

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    transport.close();
    await server.close();
  });

  it('reuses connections across sequential requests', async () => {
    const before = server.connections();
    for (let i = 0; i < 10; i++) expect((await get('/echo')).body).toBe('GET RealityRadarBot/1.0 ');
    expect(server.connections() - before).toBeLessThanOrEqual(1);
  });

  it('sends a body with POST', async () => {
    const response = await get('/echo', { method: 'POST', body: '{"query":"{ listAdverts }"}' });
    expect(response.body).toBe('POST RealityRadarBot/1.0 {"query":"{ listAdverts }"}');
  });

  it('decodes a gzip answer as UTF-8', async () => {
    const response = await get('/gzip');
    expect(response.body).toBe('Byt 2+kk, 5 490 000 Kč');
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('follows redirects and reports the final URL', async () => {
    const response = await get('/moved');
    expect(response.status).toBe(200);
    expect(response.body).toBe('final ?from=moved');
    expect(response.url).toBe(`${server.base}/final?from=moved`);
  });

  it('continues a POST answered with 303 as a GET', async () => {
    const response = await get('/form', { method: 'POST', body: 'x=1' });
    expect(response.headers['x-method']).toBe('GET');
    expect(response.headers['set-cookie']).toBe('a=1, b=2');
  });

  it('stops following a redirect loop and returns the last answer', async () => {
    const response = await get('/loop');
    expect(response.status).toBe(302);
  });

  it('fails a request that takes longer than its timeout', async () => {
    await expect(get('/slow', { timeoutMs: 50 })).rejects.toThrow('timed out after 50 ms');
  });

  it('stops when the caller aborts', async () => {
    const abort = new AbortController();
    const pending = get('/slow', { signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });
});
