import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Context, type Span } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Traces through the OpenTelemetry SDK. Off unless OTEL_ENABLED=true; spans then go by OTLP over
 * HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the local Jaeger on 4318 by default; a collector in
 * production). Context crosses HTTP in the W3C `traceparent` header and Kafka in the same header
 * of each message (the bus sets and reads it), so one offer is one trace from the crawler's
 * fetch to the accepted e-mail.
 *
 * Off, every call below is the API's no-op: no span is recorded and no header is written.
 */
export function startTelemetry(serviceName: string, enabled: boolean, options: { spanProcessors?: SpanProcessor[] } = {}): { shutdown: () => Promise<void> } {
  if (!enabled) return { shutdown: async () => undefined };
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  // Jaeger takes OTLP directly; the SDK's default exporter is OTLP, the metrics are Prometheus (/metrics).
  process.env.OTEL_TRACES_EXPORTER ??= 'otlp';
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({ serviceName, ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}) });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

export const tracer = () => trace.getTracer('reality-radar');

/** The W3C headers (`traceparent`, `tracestate`) of a context, to carry it where no header goes (an outbox, a queue). */
export type TraceCarrier = Record<string, string>;

export function traceCarrierOf(ctx: Context = context.active()): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent ? carrier : undefined;
}

export function contextOfCarrier(carrier: TraceCarrier | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

/** Trace and span id of the active span, for log lines (nothing when tracing is off). */
export function traceIdsOf(ctx: Context = context.active()): { traceId: string; spanId: string } | Record<string, never> {
  const span = trace.getSpan(ctx)?.spanContext();
  return span && trace.isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {};
}

/**
 * Runs `fn` in a span of its own (child of `parent`, the active context by default) and ends it
 * with the outcome: e.g. a crawler's fetch, an e-mail send.
 */
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  fn: (span: Span) => Promise<T>,
  options: { parent?: Context; kind?: SpanKind; root?: boolean; links?: TraceCarrier[] } = {},
): Promise<T> {
  const parent = options.root ? ROOT_CONTEXT : options.parent ?? context.active();
  const links = (options.links ?? []).flatMap((c) => {
    const linked = trace.getSpanContext(contextOfCarrier(c));
    return linked ? [{ context: linked }] : [];
  });
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes, links }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

export function failSpan(span: Span, err: unknown): void {
  span.recordException(err as Error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: String((err as Error)?.message ?? err) });
}

export { SpanKind };
