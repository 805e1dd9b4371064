import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import supertest from 'supertest';
import { IMMUTABLE, webClient } from './web-client';

const dist = mkdtempSync(path.join(os.tmpdir(), 'rr-web-client-'));
mkdirSync(path.join(dist, 'assets'));
const shell = '<!doctype html><title>Reality Radar</title><div id="root"></div>';
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `slovo-${i}`))};\n`;
const style = `.card { padding: 1rem; }\n`.repeat(200);
writeFileSync(path.join(dist, 'index.html'), shell);
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(dist, 'assets/index-AbC123.js'), script);
writeFileSync(path.join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets/index-AbC123.js.gz'), gzipSync(script));
// No precompressed sibling: the compression middleware answers for it.
writeFileSync(path.join(dist, 'assets/index-XyZ789.css'), style);

const app = express();
app.use(compression());
app.use(webClient(dist));
const http = supertest(app);

/** The body bytes exactly as sent (supertest would decode them), with the headers. */
function raw(pathname: string, acceptEncoding: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      request({ host: '127.0.0.1', port, path: pathname, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          server.close();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
      }).on('error', reject).end();
    });
  });
}

describe('the web client as the gateway serves it', () => {
  it('sends the build\'s brotli file to browsers that take br, cached for a year as immutable', async () => {
    const res = await raw('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('falls back to the gzip file, and to the plain file for clients that take neither', async () => {
    const gz = await raw('/assets/index-AbC123.js', 'gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw('/assets/index-AbC123.js', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const refused = await raw('/assets/index-AbC123.js', 'br;q=0, gzip');
    expect(refused.status).toBe(200);
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('compresses on the fly a file that has no precompressed sibling', async () => {
    const res = await raw('/assets/index-XyZ789.css', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.body).toString()).toBe(style);
  });

  it('makes browsers revalidate the shell and unhashed files', async () => {
    const index = await http.get('/').expect(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.text).toBe(shell);
    const route = await http.get('/moje-filtry/w_1?emailId=e1').expect(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(route.text).toBe(shell);
    const icon = await http.get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 instead of the shell, and stays inside the build folder', async () => {
    const missing = await http.get('/assets/index-Old000.js').expect(404);
    expect(missing.headers['cache-control']).not.toBe(IMMUTABLE);
    expect(missing.text).not.toContain('<div id="root">');
    await http.get('/assets/index-AbC123.js.br').expect(404);
    const escape = await http.get('/..%2f..%2fetc%2fpasswd').expect(200);
    expect(escape.text).toBe(shell);
  });
});
