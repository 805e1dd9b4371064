import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { metrics } from './metrics';
import { tracer } from './telemetry';

export type Listening = { server: http.Server; host: string; port: number; close: () => Promise<void> };

/**
 * The one way a service listens: on the configured host (BIND_HOST: loopback locally, 0.0.0.0 in
 * a container, a loopback address of its own in bench:distributed) and port (0 = any free one).
 * A port in use is an error naming both, not a hang.
 */
export async function listen(handler: RequestListener, address: { host: string; port: number }, name = 'server'): Promise<Listening> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(new Error(`${name} cannot listen on ${address.host}:${address.port}: ${err.code ?? err.message}`, { cause: err })));
    server.listen(address.port, address.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server, host: address.host, port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A standalone server's whole life (the simulators): listens, then on SIGINT or SIGTERM lets
 * `stopping` release what it holds, closes and exits; a failure to listen exits with its reason.
 */
export function serveUntilSignal(
  handler: RequestListener,
  address: { host: string; port: number },
  name: string,
  hooks: { listening?: (server: Listening) => void; stopping?: () => void } = {},
): void {
  listen(handler, address, name).then(
    (server) => {
      hooks.listening?.(server);
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.on(signal, () => {
          hooks.stopping?.();
          void server.close().then(() => process.exit(0));
        });
      }
    },
    (err: Error) => {
      process.stderr.write(`${name} failed to start: ${err.message}\n`);
      process.exit(1);
    },
  );
}

type Next = (err?: unknown) => void;
type RoutedRequest = IncomingMessage & { route?: { path?: string }; baseUrl?: string; originalUrl?: string };

/**
 * Express middleware (no express import: plain node types) that continues the caller's trace
 * from its `traceparent` header in a server span and times the request for
 * `rr_http_request_duration_seconds`. The route label is Express's route pattern, never the raw
 * path, so the metric's series stay few.
 */
export function httpObservability(service: string) {
  return (req: RoutedRequest, res: ServerResponse, next: Next): void => {
    const started = process.hrtime.bigint();
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer().startSpan(`${req.method} ${req.url?.split('?')[0] ?? ''}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': req.method ?? '', 'url.path': req.url?.split('?')[0] ?? '', 'rr.service': service },
    }, parent);
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl ?? ''}${req.route.path}` : 'unmatched';
      const status = res.statusCode;
      metrics.httpDuration.observe({ service, method: req.method ?? '', route, status: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), () => next());
  };
}

/** The active trace's headers, to add to an outgoing request (the gateway's proxy). */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}
