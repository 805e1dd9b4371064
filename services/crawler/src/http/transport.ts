import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import type { HttpResponse } from '../adapters/types';

export type TransportRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
};

/** One HTTP exchange, redirects followed and the body decoded; politeness lives above it. */
export type Transport = (url: string, request: TransportRequest) => Promise<HttpResponse>;

const MAX_REDIRECTS = 5;
const MAX_BODY_BYTES = 20 * 2 ** 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The crawler's HTTP: node's own client over keep-alive agents. A crawler makes thousands of
 * small requests to a handful of hosts; `fetch` (undici with web streams, an AbortSignal and a
 * Headers object per request) cost more CPU than parsing the pages, and reconnecting per request
 * is impolite to the portal as well.
 */
export function createNodeTransport(options: { maxSockets?: number } = {}): Transport & { close(): void } {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 16 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 16 }),
  };
  const transport = async (url: string, request: TransportRequest): Promise<HttpResponse> => {
    let target = url;
    let { method, body } = request;
    for (let hop = 0; ; hop++) {
      const response = await exchange(target, { ...request, method, body }, agents);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.status) || !location || hop === MAX_REDIRECTS) return response;
      target = new URL(location, target).toString();
      // As browsers do: 303 (and 301/302 after a POST) continue as a GET without the body.
      if (response.status === 303 || (method === 'POST' && response.status !== 307 && response.status !== 308)) {
        method = 'GET';
        body = undefined;
      }
    }
  };
  return Object.assign(transport, { close: () => Object.values(agents).forEach((a) => a.destroy()) });
}

function exchange(url: string, request: TransportRequest, agents: Record<string, http.Agent>): Promise<HttpResponse> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = agents[target.protocol];
  if (!agent) return Promise.reject(new Error(`unsupported protocol ${target.protocol}`));
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const req = client.request(target, { method: request.method, headers, agent, signal: request.signal });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)), request.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) req.destroy(new Error(`answer larger than ${MAX_BODY_BYTES} bytes`));
        else chunks.push(chunk);
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      res.on('end', () => {
        clearTimeout(timer);
        try {
          const body = decode(Buffer.concat(chunks), res.headers['content-encoding']);
          resolve({ status: res.statusCode ?? 0, headers: flatHeaders(res.headers), body, url });
        } catch (err) {
          reject(new Error(`cannot decode the answer: ${(err as Error).message}`));
        }
      });
    });
    req.end(request.body);
  });
}

function decode(raw: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(raw).toString('utf8');
    case 'deflate':
      return zlib.inflateSync(raw).toString('utf8');
    case 'br':
      return zlib.brotliDecompressSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
