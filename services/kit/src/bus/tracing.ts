import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Context, type Span, type TextMapGetter } from '@opentelemetry/api';
import type { IHeaders } from 'kafkajs';
import type { Envelope } from '@rr/proto';
import { contextOfCarrier, tracer, type TraceCarrier } from '../telemetry';

/**
 * W3C trace context across Kafka: the producer writes `traceparent` (and `tracestate`) into each
 * message's headers, the consumer opens one span per message as the child of its producer's span.
 * The bus consumes in batches, so a batch is not a span: every message is, and a handler that
 * fans a batch out (the normaliser's outbox, the notifier's ledger) asks `traceContextOf(event)`
 * for the context of the message an output came from.
 */

const headerGetter: TextMapGetter<IHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    if (value === undefined) return undefined;
    return Array.isArray(value) ? value.map((v) => v.toString()) : value.toString();
  },
};

const contexts = new WeakMap<object, Context>();

/** The context of the consumer span of the message an event came in (the root context if none). */
export function traceContextOf(event: Envelope): Context {
  return contexts.get(event) ?? ROOT_CONTEXT;
}

/** Producer spans for one publish: one per distinct parent (the active context, or an item's carried one). */
export function producerHeaders(topic: string, type: string, clientId: string, items: Array<{ trace?: TraceCarrier }>): { headers: Array<Record<string, string>>; spans: Span[] } {
  const byParent = new Map<string, { span: Span; headers: Record<string, string> }>();
  const headers = items.map((item) => {
    const parentKey = item.trace?.traceparent ?? '';
    let entry = byParent.get(parentKey);
    if (!entry) {
      const parent = item.trace ? contextOfCarrier(item.trace) : context.active();
      const span = tracer().startSpan(`${type} publish`, {
        kind: SpanKind.PRODUCER,
        attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': topic, 'messaging.operation.type': 'publish', 'rr.service': clientId },
      }, parent);
      const carrier: Record<string, string> = {};
      propagation.inject(trace.setSpan(parent, span), carrier);
      entry = { span, headers: carrier };
      byParent.set(parentKey, entry);
    }
    return entry.headers;
  });
  const spans = [...byParent.values()].map((e) => e.span);
  for (const span of spans) span.setAttribute('messaging.batch.message_count', items.length);
  return { headers, spans };
}

/**
 * Whether a consumer span could be seen: a propagator carries contexts (the SDK registers one), or
 * a provider records spans. Asked per fetched batch, so a provider registered later counts.
 */
export function tracingActive(): boolean {
  if (propagation.fields().length > 0) return true;
  return tracer().startSpan('probe').isRecording();
}

export function consumerSpan(
  envelope: Envelope,
  headers: IHeaders | undefined,
  meta: { topic: string; partition: number; offset: string; group: string; clientId: string },
): { span: Span; ctx: Context } {
  const parent = headers ? propagation.extract(ROOT_CONTEXT, headers, headerGetter) : ROOT_CONTEXT;
  const span = tracer().startSpan(`${envelope.type} process`, {
    kind: SpanKind.CONSUMER,
    attributes: {
      'messaging.system': 'kafka', 'messaging.destination.name': meta.topic, 'messaging.operation.type': 'process',
      'messaging.consumer.group.name': meta.group, 'messaging.destination.partition.id': String(meta.partition),
      'messaging.kafka.offset': Number(meta.offset), 'messaging.message.id': envelope.id, 'messaging.kafka.message.key': envelope.key,
      'rr.correlation_id': envelope.correlationId, 'rr.service': meta.clientId,
    },
  }, parent);
  const ctx = trace.setSpan(parent, span);
  contexts.set(envelope, ctx);
  return { span, ctx };
}

export function endSpans(spans: Span[], failure?: { code: string; message: string }): void {
  for (const span of spans) {
    if (failure) span.setStatus({ code: SpanStatusCode.ERROR, message: `${failure.code}: ${failure.message}` });
    span.end();
  }
}
