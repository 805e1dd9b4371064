import { bundleProcesses } from './bundle';
import { INGEST_PROCESS_ENV, MATCHER_PROCESS_ENV, paymentSimulatorEnv, type ProcessSpec } from './services';
import { Supervisor, waitHealthy } from './supervisor';
import { PAYMENT_SIMULATOR, SIMULATOR, TOPOLOGY, type ServiceName } from './topology';
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

type Simulator = 'portal-simulator' | 'payment-simulator';
export type Placement = { name: string; service: ServiceName | Simulator; instance: number; host: string };

/** Addresses in start order: the simulators first, then each service's instances. */
export function placements(firstHost = 2): Placement[] {
  let next = firstHost;
  const host = () => `127.0.0.${next++}`;
  const services = ['account', 'normaliser', 'matcher', 'notifier', 'crawler', 'billing', 'ad-serving', 'analytics', 'ops', 'gateway'] as const satisfies readonly ServiceName[];
  return [
    { name: 'portal-simulator', service: 'portal-simulator', instance: 1, host: host() },
    { name: 'payment-simulator', service: 'payment-simulator', instance: 1, host: host() },
    ...services.flatMap((service) => Array.from({ length: INSTANCES[service] }, (_, i) => ({
      name: INSTANCES[service] > 1 ? `${service}-${i + 1}` : service, service, instance: i + 1, host: host(),
    }))),
  ];
}

const url = (host: string, port: number, path = '') => `http://${host}:${port}${path}`;


/**
 * Each process's environment: its own address and ports, and every address it needs from the
 * links of topology.ts — the same links docker-compose and k8s are checked against — pointing at
 * the placements of the services named (a gateway at "its" account instance, as a load balancer
 * would spread them; every other link at the first instance).
 */
export function distributedProcesses(shared: Record<string, string>, places: Placement[] = placements()): ProcessSpec[] {
  const of = (service: Placement['service']) => places.filter((p) => p.service === service);
  const first = (service: Placement['service']) => of(service)[0];
  const simulator = url(first('portal-simulator').host, SIMULATOR.ports.PORT);
  const payments = url(first('payment-simulator').host, PAYMENT_SIMULATOR.ports.PORT);
  const healthOf = (p: Placement) => url(p.host, TOPOLOGY[p.service as ServiceName].ports.HEALTH_PORT, '/health');
  const portOf = (service: ServiceName, port: string) => TOPOLOGY[service].ports[port];
  const gatewayUrl = url(first('gateway').host, TOPOLOGY.gateway.ports.GATEWAY_PORT);

  const linked = (place: Placement & { service: ServiceName }): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const [name, targets] of Object.entries(TOPOLOGY[place.service].links ?? {})) {
      if (name === 'PORTAL_BASE_URL_') {
        for (const portal of PORTALS) env[`PORTAL_BASE_URL_${portal.toUpperCase()}`] = `${simulator}/${portal}`;
      } else if (name === 'SERVICE_HEALTH_URLS') {
        const services = new Set<Placement['service']>(targets.filter((t) => t.port === 'HEALTH_PORT').map((t) => t.service));
        const accounts = of('account').map((a) => `${a.name.replace('account', 'account-api')}=${url(a.host, TOPOLOGY.account.ports.ACCOUNT_API_PORT, '/health')}`);
        env[name] = [...places.filter((p) => services.has(p.service)).map((p) => `${p.name}=${healthOf(p)}`), ...accounts].join(',');
      } else {
        const { service, port } = targets[0];
        const instances = of(service);
        const target = service === 'account' ? instances[(place.instance - 1) % instances.length] : instances[0];
        env[name] = service === 'portal-simulator' ? simulator : url(target.host, portOf(service as ServiceName, port));
      }
    }
    return env;
  };

  return places.map((place): ProcessSpec => {
    if (place.service === 'portal-simulator') {
      return {
        name: place.name, dir: 'services/portal-simulator', url: simulator, healthUrl: `${simulator}/`, service: false,
        env: { ...shared, HOST: place.host, PORT: String(SIMULATOR.ports.PORT), SIM_ORIGIN: simulator },
      };
    }
    if (place.service === 'payment-simulator') {
      return {
        name: place.name, dir: 'services/payment-simulator', url: payments, healthUrl: `${payments}/`, service: false,
        env: { ...shared, HOST: place.host, PORT: String(PAYMENT_SIMULATOR.ports.PORT), SIM_ORIGIN: payments },
      };
    }
    const service = place.service;
    const ports = Object.fromEntries(Object.entries(TOPOLOGY[service].ports).map(([k, v]) => [k, String(v)]));
    const env: Record<string, string> = { ...shared, BIND_HOST: place.host, ...ports, ...linked({ ...place, service }) };
    if (service === 'matcher') Object.assign(env, MATCHER_PROCESS_ENV, { SHARD_INDEX: String(place.instance - 1), SHARD_COUNT: String(INSTANCES.matcher) });
    if (service === 'crawler' || service === 'normaliser') Object.assign(env, INGEST_PROCESS_ENV);
    if (service === 'billing') Object.assign(env, paymentSimulatorEnv(payments, url(place.host, TOPOLOGY.billing.ports.BILLING_API_PORT)));
    if (service === 'ad-serving' || service === 'gateway') env.PUBLIC_URL = shared.PUBLIC_URL ?? (service === 'gateway' ? url(place.host, TOPOLOGY.gateway.ports.GATEWAY_PORT) : gatewayUrl);
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
