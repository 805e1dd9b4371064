import client from 'prom-client';

/**
 * Prometheus metrics of the process, served at `/metrics` on the health port. prom-client keeps
 * them in one registry per process; every metric carries the service's name as a label, because
 * an integration test may run several services in one process.
 */
export const metricsRegistry = new client.Registry();
let defaultsCollected = false;

/** Process metrics (CPU, memory, event-loop delay, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'rr_' });
}

const counter = (name: string, help: string, labelNames: string[]) => new client.Counter({ name, help, labelNames, registers: [metricsRegistry] });

export const metrics = {
  eventsHandled: counter('rr_events_handled_total', 'Events a subscription handled (including those it skipped as already seen).', ['service', 'group', 'type']),
  eventsFailed: counter('rr_events_failed_total', 'Events moved to the dead-letter topic (handler gave up, or the message did not parse), by error code.', ['service', 'group', 'topic', 'code']),
  handlerFailures: counter('rr_handler_failures_total', 'Failed handler attempts (each retry counts); a rise without dead letters is a dependency that is away.', ['service', 'group']),
  eventsPublished: counter('rr_events_published_total', 'Events published, by type (alert.sent counts the alerts sent).', ['service', 'type']),
  consumerLag: new client.Gauge({
    name: 'rr_consumer_lag', help: 'Messages behind the partition end at the last batch a subscription fetched.',
    labelNames: ['service', 'group', 'topic', 'partition'], registers: [metricsRegistry],
  }),
  mailsSent: counter('rr_mails_sent_total', 'E-mails the provider accepted, by category (alert = alert e-mails).', ['service', 'category', 'provider']),
  mailFailures: counter('rr_mail_failures_total', 'E-mails the provider refused or that could not be handed over, by kind (permanent, transient).', ['service', 'category', 'kind']),
  crawlResults: counter('rr_crawl_results_total', 'Crawler fetches by portal and outcome.', ['portal', 'kind', 'result']),
  httpDuration: new client.Histogram({
    name: 'rr_http_request_duration_seconds', help: 'HTTP requests served, by route and status.',
    labelNames: ['service', 'method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [metricsRegistry],
  }),
};

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
