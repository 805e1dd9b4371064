import http from 'node:http';
import type { RequestHandler } from 'express';
import { AppError, traceHeaders, type Logger } from '@rr/kit';
import { CORRELATION_HEADER } from '@rr/proto';
import { genericMessage } from './error-handler';

const FORWARDED_REQUEST_HEADERS = ['user-agent', 'accept-language', CORRELATION_HEADER];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-length', 'location', 'cache-control'];

/**
 * A lean pass-through for bodiless GET/HEAD requests on the hottest path: the banner images and
 * click redirects of the alert e-mails (`/a/…`, thousands a second after a mailing). Pooled
 * keep-alive sockets and the answer piped as it comes, without fetch's streams and copies
 * (`proxyTo`, which buffers, serves the API). Anything else is refused before it reaches the service.
 */
export function streamProxyTo(baseUrl: string, timeoutMs: number, log: Logger): RequestHandler {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').end();
      return;
    }
    const headers: Record<string, string> = { 'x-forwarded-for': req.ip ?? '', ...traceHeaders() };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = http.request({ host: base.hostname, port: base.port, method: req.method, path: req.originalUrl, headers, agent, timeout: timeoutMs }, (answer) => {
      res.status(answer.statusCode ?? 502).setHeader('X-Content-Type-Options', 'nosniff');
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) res.setHeader(name, value);
      }
      answer.pipe(res);
    });
    upstream.on('timeout', () => upstream.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    upstream.on('error', (err) => {
      log.warn({ err, path: req.originalUrl, correlationId: req.headers[CORRELATION_HEADER] }, 'upstream unavailable');
      if (!res.headersSent) next(new AppError('UNAVAILABLE', genericMessage(req), { cause: err, retriable: true }));
      else res.destroy(err);
    });
    upstream.end();
  };
}
