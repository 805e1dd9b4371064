import { bundleProcesses } from './bundle';
import { MATCHER_PROCESS_ENV, type ProcessSpec } from './services';
import { Supervisor, waitHealthy } from './supervisor';
import { SIMULATOR, TOPOLOGY, type ServiceName } from './topology';
import { sharedEnv, type Progress, type RunningSystem } from './system';
import { PORTALS } from '@rr/proto';

/**
 * The system as a deployment runs it, on one machine: every process on a loopback address of its
 * own (127.0.0.2, 127.0.0.3, … — Linux routes all of 127/8 to the loopback interface), on the
 * ports of topology.ts, finding the others only through the addresses in its configuration; two
 * instances of each service that scales out (matcher as two shards, crawlers sharing the portals
 * through their consumer group). Kafka, the database and the mail catcher stay where they are.
 */

/** How many instances of each service run (two of each that can scale out). */
export const INSTANCES: Record<ServiceName, number> = Object.fromEntries(
  (Object.keys(TOPOLOGY) as ServiceName[]).map((name) => [name, TOPOLOGY[name].scalesOut ? 2 : 1]),
) as Record<ServiceName, number>;

export type Placement = { name: string; service: ServiceName | 'portal-simulator'; instance: number; host: string };

/** Addresses in start order: the simulator first, then each service's instances. */
export function placements(firstHost = 2): Placement[] {
  let next = firstHost;
  const host = () => `127.0.0.${next++}`;
  const services = ['account', 'normaliser', 'matcher', 'notifier', 'crawler', 'billing', 'ad-serving', 'ops', 'gateway'] as const satisfies readonly ServiceName[];
  return [
    { name: 'portal-simulator', service: 'portal-simulator', instance: 1, host: host() },
    ...services.flatMap((service) => Array.from({ length: INSTANCES[service] }, (_, i) => ({
      name: INSTANCES[service] > 1 ? `${service}-${i + 1}` : service, service, instance: i + 1, host: host(),
    }))),
  ];
}

const url = (host: string, port: number, path = '') => `http://${host}:${port}${path}`;

export function distributedProcesses(shared: Record<string, string>, places: Placement[] = placements()): ProcessSpec[] {
  const of = (service: ServiceName | 'portal-simulator') => places.filter((p) => p.service === service);
  const first = (service: ServiceName | 'portal-simulator') => of(service)[0];
  const simulator = url(first('portal-simulator').host, SIMULATOR.ports.PORT);
  const healthOf = (p: Placement) => url(p.host, TOPOLOGY[p.service as ServiceName].ports.HEALTH_PORT, '/health');
  const portalUrls = Object.fromEntries(PORTALS.map((p) => [`PORTAL_BASE_URL_${p.toUpperCase()}`, `${simulator}/${p}`]));

  return places.map((place): ProcessSpec => {
    if (place.service === 'portal-simulator') {
      return {
        name: place.name, dir: 'services/portal-simulator', url: simulator, healthUrl: `${simulator}/`, service: false,
        env: { ...shared, HOST: place.host, PORT: String(SIMULATOR.ports.PORT), SIM_ORIGIN: simulator },
      };
    }
    const service = place.service;
    const ports = Object.fromEntries(Object.entries(TOPOLOGY[service].ports).map(([k, v]) => [k, String(v)]));
    const env: Record<string, string> = { ...shared, BIND_HOST: place.host, ...ports };
    if (service === 'matcher') Object.assign(env, MATCHER_PROCESS_ENV, { SHARD_INDEX: String(place.instance - 1), SHARD_COUNT: String(INSTANCES.matcher) });
    if (service === 'crawler') Object.assign(env, portalUrls);
    if (service === 'gateway') {
      // Each gateway talks to "its" account instance, as a load balancer in front of them would spread it.
      const accounts = of('account');
      const account = accounts[(place.instance - 1) % accounts.length];
      Object.assign(env, {
        PUBLIC_URL: shared.PUBLIC_URL ?? url(place.host, TOPOLOGY.gateway.ports.GATEWAY_PORT),
        ACCOUNT_URL: url(account.host, TOPOLOGY.account.ports.ACCOUNT_API_PORT),
        OFFERS_URL: url(first('normaliser').host, TOPOLOGY.normaliser.ports.OFFERS_API_PORT),
        CRAWLER_URL: url(first('crawler').host, TOPOLOGY.crawler.ports.CRAWLER_API_PORT),
        OPS_URL: url(first('ops').host, TOPOLOGY.ops.ports.OPS_API_PORT),
        SERVICE_HEALTH_URLS: [
          ...places.filter((p) => p.service !== 'portal-simulator' && p.service !== 'gateway').map((p) => `${p.name}=${healthOf(p)}`),
          ...accounts.map((a) => `${a.name.replace('account', 'account-api')}=${url(a.host, TOPOLOGY.account.ports.ACCOUNT_API_PORT, '/health')}`),
        ].join(','),
      });
    }
    return {
      name: place.name, dir: `services/${service}`, env, service: true,
      healthUrl: service === 'gateway' ? url(place.host, TOPOLOGY.gateway.ports.GATEWAY_PORT, '/api/openapi.json') : healthOf(place),
      url: service === 'gateway' ? url(place.host, TOPOLOGY.gateway.ports.GATEWAY_PORT) : undefined,
    };
  });
}

export async function startDistributed(progress: Progress, envOverrides: Record<string, string> = {}): Promise<RunningSystem> {
  const processes = distributedProcesses(sharedEnv(envOverrides));
  await bundleProcesses(processes);
  const supervisor = new Supervisor(progress, '-distributed');
  for (const spec of processes) supervisor.start(spec);
  progress(`starting ${processes.length} processes on ${new Set(processes.map((p) => new URL(p.healthUrl).hostname)).size} loopback addresses (logs in .run/logs/*-distributed.log)…`);
  const results = await Promise.all(processes.map(async (p) => [p.name, await waitHealthy(p.healthUrl, 180_000)] as const));
  const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
  if (failed.length) progress(`not healthy after 180 s: ${failed.join(', ')} — see .run/logs/<name>-distributed.log`);
  return { supervisor, processes, stop: () => supervisor.stopAll() };
}
