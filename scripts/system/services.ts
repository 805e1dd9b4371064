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

export const PORTS = {
  gateway: 8080,
  simulator: 8090,
  normaliserApi: 8102,
  notifierApi: 8104,
  accountApi: 8105,
  health: { crawler: 8201, normaliser: 8202, matcher: 8203, notifier: 8204, account: 8205, billing: 8206, 'ad-serving': 8207 },
  mailWeb: 1080,
  smtp: 1025,
} as const;

const local = (port: number, path = '') => `http://127.0.0.1:${port}${path}`;

export function systemProcesses(shared: Record<string, string>): ProcessSpec[] {
  const health = (name: keyof typeof PORTS.health) => local(PORTS.health[name], '/health');
  const healthUrls = Object.keys(PORTS.health)
    .map((name) => `${name}=${health(name as keyof typeof PORTS.health)}`)
    .join(',');
  const svc = (name: keyof typeof PORTS.health, env: Record<string, string> = {}): ProcessSpec => ({
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
      env: { ...shared, PORT: String(PORTS.simulator), SIM_ORIGIN: `http://localhost:${PORTS.simulator}` },
      service: false,
    },
    svc('account', { ACCOUNT_API_PORT: String(PORTS.accountApi) }),
    svc('normaliser', { OFFERS_API_PORT: String(PORTS.normaliserApi) }),
    svc('matcher'),
    svc('notifier', { NOTIFIER_API_PORT: String(PORTS.notifierApi) }),
    svc('crawler'),
    svc('billing'),
    svc('ad-serving'),
    {
      name: 'gateway',
      dir: 'services/gateway',
      url: `http://localhost:${PORTS.gateway}`,
      healthUrl: local(PORTS.gateway, '/api/openapi.json'),
      env: {
        ...shared,
        GATEWAY_PORT: String(PORTS.gateway),
        ACCOUNT_URL: local(PORTS.accountApi),
        OFFERS_URL: local(PORTS.normaliserApi),
        SERVICE_HEALTH_URLS: `${healthUrls},account-api=${local(PORTS.accountApi, '/health')}`,
      },
      service: true,
    },
  ];
}
