import { PAYMENT_SIMULATOR, SHARED, SIMULATOR, TOPOLOGY } from './topology';

/**
 * What `npm start`, the test runner and the benchmarks run: every process of the system, its
 * ports and its settings for a local run. Ports come from topology.ts.
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
  const health = (name: Exclude<keyof typeof TOPOLOGY, 'gateway'>) => TOPOLOGY[name].ports.HEALTH_PORT + offset;
  return {
    gateway: TOPOLOGY.gateway.ports.GATEWAY_PORT + offset,
    gatewayHealth: TOPOLOGY.gateway.ports.HEALTH_PORT + offset,
    simulator: SIMULATOR.ports.PORT + offset,
    paymentSimulator: PAYMENT_SIMULATOR.ports.PORT + offset,
    normaliserApi: TOPOLOGY.normaliser.ports.OFFERS_API_PORT + offset,
    notifierApi: TOPOLOGY.notifier.ports.NOTIFIER_API_PORT + offset,
    accountApi: TOPOLOGY.account.ports.ACCOUNT_API_PORT + offset,
    billingApi: TOPOLOGY.billing.ports.BILLING_API_PORT + offset,
    adsApi: TOPOLOGY['ad-serving'].ports.AD_API_PORT + offset,
    crawlerApi: TOPOLOGY.crawler.ports.CRAWLER_API_PORT + offset,
    opsApi: TOPOLOGY.ops.ports.OPS_API_PORT + offset,
    analyticsApi: TOPOLOGY.analytics.ports.ANALYTICS_API_PORT + offset,
    health: {
      crawler: health('crawler'), normaliser: health('normaliser'), matcher: health('matcher'), notifier: health('notifier'),
      account: health('account'), billing: health('billing'), 'ad-serving': health('ad-serving'), analytics: health('analytics'), ops: health('ops'),
    },
    /** Shared by every system on the machine: the mail catcher and Jaeger (UI and query API, OTLP over HTTP). */
    ...SHARED,
  };
}
export type Ports = ReturnType<typeof portsFor>;
export const PORTS = portsFor(0);

/**
 * The matcher's index (about 150 MB of typed arrays for a million watchdogs) is read at random
 * per offer; on 4 KB pages most of its reads also miss the TLB. glibc hands the large buffers
 * V8 allocates to transparent huge pages when asked (`madvise`, the usual kernel setting; no
 * effect where THP is off): about an eighth more offers a second (docs/decisions.md, "Matching").
 * Its start replays the watchdog topic in 4 MB fetches: a fetch's parsed events (~10 MB of
 * objects) outlived V8's default young generation and were promoted; twice that young
 * generation took bench:replay at 1 M from 62.8 to 50.9 s (+39 MB resident). Kept in step with
 * deploy/ and docker-compose.yml.
 */
export const MATCHER_PROCESS_ENV = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1', NODE_OPTIONS: '--max-semi-space-size=32' };

/**
 * The ingest path (crawler, normaliser) makes a listing's worth of short-lived objects per
 * message: a young generation twice V8's default collects less often and promotes less, which
 * took bench:ingest from 476–510 to 516–536 listings/s (docs/benchmarks.md). Kept in step with
 * deploy/ and docker-compose.yml.
 */
export const INGEST_PROCESS_ENV = { NODE_OPTIONS: '--max-semi-space-size=32' };

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
    {
      name: 'payment-simulator',
      dir: 'services/payment-simulator',
      url: `http://localhost:${PORTS.paymentSimulator}`,
      healthUrl: local(PORTS.paymentSimulator, '/'),
      env: { ...shared, PORT: String(PORTS.paymentSimulator), SIM_ORIGIN: `http://localhost:${PORTS.paymentSimulator}` },
      service: false,
    },
    svc('account', { ACCOUNT_API_PORT: String(PORTS.accountApi) }),
    svc('normaliser', { OFFERS_API_PORT: String(PORTS.normaliserApi), ...INGEST_PROCESS_ENV }),
    svc('matcher', MATCHER_PROCESS_ENV),
    svc('notifier', { NOTIFIER_API_PORT: String(PORTS.notifierApi), AD_SERVING_URL: local(PORTS.adsApi), ANALYTICS_URL: local(PORTS.analyticsApi) }),
    svc('crawler', { CRAWLER_API_PORT: String(PORTS.crawlerApi), ...portalUrls, ...INGEST_PROCESS_ENV }),
    svc('billing', { BILLING_API_PORT: String(PORTS.billingApi), ...paymentSimulatorEnv(`http://localhost:${PORTS.paymentSimulator}`, local(PORTS.billingApi)) }),
    svc('ad-serving', { AD_API_PORT: String(PORTS.adsApi), PUBLIC_URL: shared.PUBLIC_URL ?? `http://localhost:${PORTS.gateway}` }),
    svc('ops', { OPS_API_PORT: String(PORTS.opsApi) }),
    svc('analytics', { ANALYTICS_API_PORT: String(PORTS.analyticsApi) }),
    {
      name: 'gateway',
      dir: 'services/gateway',
      url: `http://localhost:${PORTS.gateway}`,
      healthUrl: local(PORTS.gateway, '/api/openapi.json'),
      env: {
        ...shared,
        PUBLIC_URL: shared.PUBLIC_URL ?? `http://localhost:${PORTS.gateway}`,
        GATEWAY_PORT: String(PORTS.gateway),
        HEALTH_PORT: String(PORTS.gatewayHealth),
        ACCOUNT_URL: local(PORTS.accountApi),
        OFFERS_URL: local(PORTS.normaliserApi),
        BILLING_URL: local(PORTS.billingApi),
        ADS_URL: local(PORTS.adsApi),
        CRAWLER_URL: local(PORTS.crawlerApi),
        OPS_URL: local(PORTS.opsApi),
        ANALYTICS_URL: local(PORTS.analyticsApi),
        SERVICE_HEALTH_URLS: `${healthUrls},account-api=${local(PORTS.accountApi, '/health')}`,
      },
      service: true,
    },
  ];
}

/**
 * Billing's payment providers when the payment simulator stands in for GoPay and Fio banka: its
 * fixed local credentials (services/payment-simulator/README.md); production sets the real ones.
 */
export function paymentSimulatorEnv(simulator: string, billingApi: string): Record<string, string> {
  return {
    GOPAY_BASE_URL: `${simulator}/gopay/api`,
    GOPAY_CLIENT_ID: 'rr-local-client',
    GOPAY_CLIENT_SECRET: 'rr-local-secret',
    GOPAY_GOID: '8123456789',
    FIO_BASE_URL: `${simulator}/fio`,
    FIO_TOKEN: 'rr-local-fio-token',
    FIO_PAYMENT_TOKEN: 'rr-local-fio-payment-token',
    BANK_ACCOUNT: '2401234560/2010',
    BANK_IBAN: 'CZ2420100000002401234560',
    GOPAY_NOTIFICATION_URL: `${billingApi}/billing/gopay/notify`,
    RECONCILE_SECONDS: '5',
  };
}
