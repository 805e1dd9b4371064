import { TOPOLOGY, type ServiceName } from '../system/topology';
import { placements, startDistributed } from '../system/distributed';
import { runPipeline } from './pipeline-run';

/**
 * bench:distributed — the bench:e2e flow through the system laid out as a deployment: every
 * process on a loopback address of its own (127.0.0.2 …), addresses only from configuration, two
 * instances of each service that scales out (gateway, account, notifier, matcher as two shards,
 * crawlers sharing the portals). Prints the e2e figures (0 missed, 0 duplicates is the target);
 * stderr says what each instance did.
 */
const places = placements();
const at = (name: string) => places.find((p) => p.name === name)!.host;
const health = (p: (typeof places)[number]) => `http://${p.host}:${TOPOLOGY[p.service as ServiceName].ports.HEALTH_PORT}/health`;

runPipeline({
  name: 'distributed', watchdogs: 3000, recipients: 2000, perMinute: 60, durationSeconds: 120, crossPostShare: 0.3, pollSeconds: 15,
  system: {
    start: startDistributed,
    simulator: `http://${at('portal-simulator')}:8090`,
    offers: `http://${at('normaliser')}:${TOPOLOGY.normaliser.ports.OFFERS_API_PORT}`,
    matcherHealth: places.filter((p) => p.service === 'matcher').map(health),
  },
  after: async (_system, say) => {
    // Each instance's own /metrics shows it took part: events handled, alerts e-mailed, portals crawled.
    for (const p of places.filter((x) => x.service !== 'portal-simulator' && x.service !== 'payment-simulator')) {
      const text = await fetch(health(p).replace('/health', '/metrics')).then((r) => r.text()).catch(() => '');
      say(`${p.name.padEnd(12)} ${p.host.padEnd(11)} ${JSON.stringify(summary(text))}`);
    }
  },
})
  .then((figures) => process.stdout.write(`${JSON.stringify({ ...figures, processes: places.length, addresses: new Set(places.map((p) => p.host)).size })}\n`))
  .catch((err) => {
    process.stderr.write(`[bench] ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });

/** Sums of the pipeline's counters in one instance's Prometheus text, and the portals it crawled. */
function summary(metrics: string): Record<string, unknown> {
  const sum = (name: string, filter = '') => metrics.split('\n')
    .filter((l) => l.startsWith(`${name}{`) && l.includes(filter))
    .reduce((total, l) => total + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  const portals = [...new Set([...metrics.matchAll(/^rr_crawl_results_total\{[^}]*portal="([a-z]+)"/gm)].map((m) => m[1]))];
  return {
    handled: sum('rr_events_handled_total'), published: sum('rr_events_published_total'),
    alertMails: sum('rr_mails_sent_total', 'category="alert"'), ...(portals.length ? { portals } : {}),
  };
}
