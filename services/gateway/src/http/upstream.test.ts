import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestUpstream } from './upstream';

describe('requestUpstream', () => {
  let server: http.Server;
  let base: string;
  const stalled: http.ServerResponse[] = [];
  const seen = new WeakSet<object>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/stall') return void stalled.push(res);
      // Closes a kept connection as a request arrives on it, as a service whose idle timeout ran out just then.
      if (req.url === '/closes-kept' && seen.has(req.socket)) return void req.socket.destroy();
      seen.add(req.socket);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(req.url === '/moved' ? 302 : 201, { 'content-type': 'application/octet-stream', location: '/elsewhere', 'x-method': req.method ?? '' });
        res.end(Buffer.concat([Buffer.from([0, 255]), Buffer.concat(chunks)]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const res of stalled) res.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('returns the status, headers and the whole binary body, sending the body given', async () => {
    const answer = await requestUpstream(`${base}/x`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'ahoj', timeoutMs: 2000 });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-method']).toBe('POST');
    expect([...answer.body]).toEqual([0, 255, ...Buffer.from('ahoj')]);
  });

  it('sends the body of a DELETE', async () => {
    const answer = await requestUpstream(`${base}/x`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{"password":"x"}', timeoutMs: 2000 });
    expect(answer.headers['x-method']).toBe('DELETE');
    expect(answer.body.subarray(2).toString()).toBe('{"password":"x"}');
  });

  it('does not follow a redirect: the caller forwards it', async () => {
    const answer = await requestUpstream(`${base}/moved`, { method: 'GET', headers: {}, timeoutMs: 2000 });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/elsewhere');
  });

  it('fails after the timeout when the service does not answer', async () => {
    const started = Date.now();
    await expect(requestUpstream(`${base}/stall`, { method: 'GET', headers: {}, timeoutMs: 300 })).rejects.toThrow(/within 300 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('sends a request again on a new connection when the kept one turns out closed', async () => {
    const first = await requestUpstream(`${base}/closes-kept`, { method: 'POST', headers: {}, body: 'a', timeoutMs: 2000 });
    const second = await requestUpstream(`${base}/closes-kept`, { method: 'POST', headers: {}, body: 'b', timeoutMs: 2000 });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.subarray(2).toString()).toBe('b');
  });

  it('fails when nothing listens', async () => {
    await expect(requestUpstream('http://127.0.0.1:1/x', { method: 'GET', headers: {}, timeoutMs: 2000 })).rejects.toThrow(/ECONNREFUSED/);
  });
});
