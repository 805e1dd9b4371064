import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { waitForValue } from '@rr/kit/testing';
import { startStack, type Stack } from '../../services/account/test/stack';

/**
 * A browser's request is one trace: the gateway's server span, and the account service's as its
 * child (the proxy sends `traceparent`), with both services' HTTP latency in /metrics.
 */
jest.setTimeout(60_000);

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider();
provider.addSpanProcessor(new SimpleSpanProcessor(exporter));
provider.register({ contextManager: new AsyncLocalStorageContextManager() });

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await provider.shutdown();
});

it('follows a request from the gateway into the account service', async () => {
  await stack.client().get('/api/user').expect(401);
  const account = await waitForValue('the account service span', () => exporter.getFinishedSpans().find((s) => s.attributes['rr.service'] === 'account' && s.name.startsWith('GET /user')));
  const gateway = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === account.parentSpanId);
  expect(gateway?.attributes['rr.service']).toBe('gateway');
  expect(gateway?.spanContext().traceId).toBe(account.spanContext().traceId);
  expect(account.attributes['http.response.status_code']).toBe(401);
});
