import type { Request, RequestHandler } from 'express';
import { AppError, traceHeaders, type Logger } from '@rr/kit';
import { CORRELATION_HEADER } from '@rr/proto';
import { genericMessage } from './error-handler';
import { requestUpstream } from './upstream';

const FORWARDED_REQUEST_HEADERS = ['authorization', 'accept-language', 'user-agent', CORRELATION_HEADER];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'location', 'retry-after', 'cache-control'];

/**
 * Forwards a request to an internal service: the path without `/api`, the parsed body as JSON,
 * the caller's address in X-Forwarded-For (the services rate-limit by it) and the correlation id.
 * A service that does not answer becomes a 503 with the generic message, never a hang.
 */
export function proxyTo(baseUrl: string, timeoutMs: number, log: Logger): RequestHandler {
  const base = baseUrl.replace(/\/$/, '');
  return async (req, res, next) => {
    // The upstream URL is parsed (dot segments resolved): `/api/offers/../internal/…` would reach a
    // service's internal routes, which only the gateway itself may call.
    if (!staysInMount(req)) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const url = base + req.originalUrl.replace(/^\/api/, '');
    try {
      const upstream = await requestUpstream(url, {
        method: req.method,
        headers: headersFor(req),
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.isBuffer(req.body) ? req.body : JSON.stringify(req.body ?? {}),
        timeoutMs,
      });
      res.status(upstream.status);
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = upstream.headers[name];
        if (value) res.setHeader(name, value);
      }
      res.send(upstream.body);
    } catch (err) {
      log.warn({ err, url, correlationId: req.headers[CORRELATION_HEADER] }, 'upstream unavailable');
      next(new AppError('UNAVAILABLE', genericMessage(req), { cause: err, retriable: true }));
    }
  };
}

/** Whether the request's path, with `.` and `..` segments (encoded too) resolved, is still under the proxy's mount. */
export function staysInMount(req: Pick<Request, 'originalUrl' | 'baseUrl'>): boolean {
  const resolved = new URL(req.originalUrl, 'http://gateway.invalid').pathname;
  return resolved === req.baseUrl || resolved.startsWith(`${req.baseUrl}/`);
}

function headersFor(req: Request): Record<string, string> {
  // The trace goes on in the service: the gateway's server span is the parent of the service's.
  // A raw upload (a banner image) keeps its own type; everything else was parsed as JSON.
  const type = Buffer.isBuffer(req.body) ? req.headers['content-type'] ?? 'application/octet-stream' : 'application/json';
  const headers: Record<string, string> = { 'content-type': type, 'x-forwarded-for': req.ip ?? '', ...traceHeaders() };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
