/**
 * What `npm start`, the test runner and the benchmarks run: every process of the system, its
 * ports and its settings for a local run. The one place local ports are written.
 */

export type ProcessSpec = {
  name: string;
  /** Workspace folder with src/main.ts. */
  dir: string;
  /** Where people reach it, for the table. */
  url?: string;
  /** GET this until it answers 200 to call the process ready. */
  healthUrl: string;
  env: Record<string, string>;
  /** Part of /api/health (the simulator is a stand-in for the outside world, not a service). */
  service: boolean;
};

/**
 * Ports of one system. `offset` shifts all but the shared mail catcher, so a benchmark can run a
 * second system beside the one `npm start` runs.
 */
export function portsFor(offset = 0) {
  return {
    gateway: 8080 + offset,
    simulator: 8090 + offset,
    normaliserApi: 8102 + offset,
    notifierApi: 8104 + offset,
    accountApi: 8105 + offset,
    health: {
      crawler: 8201 + offset, normaliser: 8202 + offset, matcher: 8203 + offset, notifier: 8204 + offset,
      account: 8205 + offset, billing: 8206 + offset, 'ad-serving': 8207 + offset, analytics: 8208 + offset,
    },
    mailWeb: 1080,
    smtp: 1025,
  };
}
export type Ports = ReturnType<typeof portsFor>;
export const PORTS = portsFor(0);

/**
 * The matcher's index (about 150 MB of typed arrays for a million watchdogs) is read at random
 * per offer; on 4 KB pages most of its reads also miss the TLB. glibc hands the large buffers
 * V8 allocates to transparent huge pages when asked (`madvise`, the usual kernel setting; no
 * effect where THP is off): about an eighth more offers a second (docs/decisions.md, "Matching").
 * Kept in step with deploy/ and docker-compose.yml.
 */
export const MATCHER_PROCESS_ENV = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' };

const local = (port: number, path = '') => `http://127.0.0.1:${port}${path}`;

export function systemProcesses(shared: Record<string, string>, PORTS: Ports = portsFor(0)): ProcessSpec[] {
  const health = (name: keyof Ports['health']) => local(PORTS.health[name], '/health');
  const healthUrls = Object.keys(PORTS.health)
    .map((name) => `${name}=${health(name as keyof Ports['health'])}`)
    .join(',');
  const simulator = `http://localhost:${PORTS.simulator}`;
  const portalUrls = Object.fromEntries(
    ['sreality', 'bezrealitky', 'idnes', 'bazos', 'ulovdomov', 'realitycz', 'realitymix'].map((p) => [`PORTAL_BASE_URL_${p.toUpperCase()}`, `${simulator}/${p}`]),
  );
  const svc = (name: keyof Ports['health'], env: Record<string, string> = {}): ProcessSpec => ({
    name,
    dir: `services/${name}`,
    healthUrl: health(name),
    env: { ...shared, HEALTH_PORT: String(PORTS.health[name]), ...env },
    service: true,
  });
  return [
    {
      name: 'portal-simulator',
      dir: 'services/portal-simulator',
      url: `http://localhost:${PORTS.simulator}`,
      healthUrl: local(PORTS.simulator, '/'),
      env: { ...shared, PORT: String(PORTS.simulator), SIM_ORIGIN: simulator },
      service: false,
    },
    svc('account', { ACCOUNT_API_PORT: String(PORTS.accountApi) }),
    svc('normaliser', { OFFERS_API_PORT: String(PORTS.normaliserApi) }),
    svc('matcher', MATCHER_PROCESS_ENV),
    svc('notifier', { NOTIFIER_API_PORT: String(PORTS.notifierApi) }),
    svc('crawler', portalUrls),
    svc('billing'),
    svc('ad-serving'),
    svc('analytics'),
    {
      name: 'gateway',
      dir: 'services/gateway',
      url: `http://localhost:${PORTS.gateway}`,
      healthUrl: local(PORTS.gateway, '/api/openapi.json'),
      env: {
        ...shared,
        PUBLIC_URL: shared.PUBLIC_URL ?? `http://localhost:${PORTS.gateway}`,
        GATEWAY_PORT: String(PORTS.gateway),
        ACCOUNT_URL: local(PORTS.accountApi),
        OFFERS_URL: local(PORTS.normaliserApi),
        SERVICE_HEALTH_URLS: `${healthUrls},account-api=${local(PORTS.accountApi, '/health')}`,
      },
      service: true,
    },
  ];
}
