import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { type Envelope } from '@rr/proto';
import { EXAMPLES } from '@rr/proto/examples';
import { inSpan, traceCarrierOf } from '../telemetry';
import { consumerSpan, endSpans, producerHeaders, traceContextOf } from './tracing';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider();
provider.addSpanProcessor(new SimpleSpanProcessor(exporter));
provider.register({ contextManager: new AsyncLocalStorageContextManager().enable(), propagator: new W3CTraceContextPropagator() });

const envelope = (key: string): Envelope => ({
  id: `e-${key}`, type: 'listing.fetched', version: 1, occurredAt: new Date().toISOString(), producer: 'test', correlationId: `c-${key}`, key, data: EXAMPLES['listing.fetched'],
});
const meta = { topic: 't', partition: 0, offset: '7', group: 'g', clientId: 'normaliser' };

beforeEach(() => exporter.reset());

describe('trace context across Kafka', () => {
  it('makes each consumed message a child of the span that published it, in the trace of the fetch', async () => {
    const published = await inSpan('crawl fetch', {}, async () => producerHeaders('t', 'listing.fetched', 'crawler', [{}, {}]));
    const [first, second] = published.headers;
    expect(first).toBe(second); // one publish under one parent: one producer span
    endSpans(published.spans);
    const { span } = consumerSpan(envelope('a'), first, meta);
    endSpans([span]);
    const spans = exporter.getFinishedSpans();
    const fetch = spans.find((s) => s.name === 'crawl fetch')!;
    const publish = spans.find((s) => s.name === 'listing.fetched publish')!;
    const process = spans.find((s) => s.name === 'listing.fetched process')!;
    expect(publish.parentSpanId).toBe(fetch.spanContext().spanId);
    expect(process.parentSpanId).toBe(publish.spanContext().spanId);
    expect(process.spanContext().traceId).toBe(fetch.spanContext().traceId);
    expect(process.attributes).toMatchObject({ 'rr.service': 'normaliser', 'rr.correlation_id': 'c-a', 'messaging.kafka.offset': 7 });
  });

  it('gives every item its own parent when items carry the context they came from', () => {
    const parents = [0, 1].map(() => {
      const span = trace.getTracer('t').startSpan('origin');
      const carrier = traceCarrierOf(trace.setSpan(context.active(), span))!;
      span.end();
      return { span, carrier };
    });
    const { headers, spans } = producerHeaders('t', 'offer.published', 'normaliser', parents.map((p) => ({ trace: p.carrier })));
    endSpans(spans);
    expect(spans).toHaveLength(2);
    expect(headers[0].traceparent.split('-')[1]).toBe(parents[0].span.spanContext().traceId);
    expect(headers[1].traceparent.split('-')[1]).toBe(parents[1].span.spanContext().traceId);
  });

  it('remembers the consumer context of an event for batch handlers, and none for an unknown one', () => {
    const e = envelope('b');
    const { span, ctx } = consumerSpan(e, undefined, meta);
    expect(traceContextOf(e)).toBe(ctx);
    expect(trace.getSpan(traceContextOf(envelope('c')))).toBeUndefined();
    span.end();
  });
});
