import http from 'node:http';
import https from 'node:https';

export type UpstreamAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

// Connections to the services are kept and reused: a request costs no handshake.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }) };

type UpstreamRequest = { method: string; headers: Record<string, string>; body?: Buffer | string; timeoutMs: number };

/**
 * One request to an internal service over a kept connection, its whole answer read, failing after
 * `timeoutMs`. Plain node:http rather than fetch: WHATWG streams and an AbortSignal timer per
 * request made fetch the gateway's largest cost per proxied call.
 */
export async function requestUpstream(url: string, options: UpstreamRequest): Promise<UpstreamAnswer> {
  try {
    return await sendOnce(url, options);
  } catch (err) {
    // A kept connection the service closed as idle just as the request went out on it: the
    // service never read the request, so it goes once more, on a new connection.
    if ((err as StaleConnection).staleConnection) return sendOnce(url, options);
    throw err;
  }
}

type StaleConnection = Error & { staleConnection?: boolean };

function sendOnce(url: string, options: UpstreamRequest): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    // A length of its own: node sends no framing for a DELETE's body otherwise, and it would be lost.
    const headers = options.body === undefined ? options.headers : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) };
    const req = client.request(target, { method: options.method, headers, agent: agents[target.protocol as keyof typeof agents] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', fail);
    });
    const deadline = setTimeout(() => req.destroy(new Error(`no answer from ${target.host} within ${options.timeoutMs} ms`)), options.timeoutMs);
    function fail(err: Error) {
      clearTimeout(deadline);
      reject(err);
    }
    req.on('error', (err: NodeJS.ErrnoException) => fail(req.reusedSocket && err.code === 'ECONNRESET' ? Object.assign(err, { staleConnection: true }) : err));
    req.end(options.body);
  });
}
