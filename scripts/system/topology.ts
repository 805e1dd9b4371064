/**
 * The one place service addresses and ports are written. `npm start`, the benchmarks (through
 * services.ts) and bench:distributed take their ports from here; docker-compose.yml and
 * deploy/k8s are checked against it (topology.test.ts): every port variable as written here,
 * every server bound to all interfaces, every variable a service requires set, and every URL
 * pointing at a service and one of its ports.
 */

export type ServiceName = 'gateway' | 'crawler' | 'normaliser' | 'matcher' | 'notifier' | 'account' | 'billing' | 'ad-serving' | 'analytics' | 'ops';

export type ServiceTopology = {
  /** Each port variable the service listens on, and its port. */
  ports: Record<string, number>;
  /** Instances can run side by side (bench:distributed starts two). */
  scalesOut: boolean;
  /** Variables holding addresses of other services: target service and its port variable. */
  links?: Record<string, Array<{ service: ServiceName | 'portal-simulator'; port: string }>>;
};

const HEALTH = (port: number) => ({ HEALTH_PORT: port });

export const TOPOLOGY: Record<ServiceName, ServiceTopology> = {
  gateway: {
    ports: { GATEWAY_PORT: 8080, ...HEALTH(8200) },
    scalesOut: true,
    links: {
      ACCOUNT_URL: [{ service: 'account', port: 'ACCOUNT_API_PORT' }],
      OFFERS_URL: [{ service: 'normaliser', port: 'OFFERS_API_PORT' }],
      BILLING_URL: [{ service: 'billing', port: 'BILLING_API_PORT' }],
      ADS_URL: [{ service: 'ad-serving', port: 'AD_API_PORT' }],
      CRAWLER_URL: [{ service: 'crawler', port: 'CRAWLER_API_PORT' }],
      OPS_URL: [{ service: 'ops', port: 'OPS_API_PORT' }],
      ANALYTICS_URL: [{ service: 'analytics', port: 'ANALYTICS_API_PORT' }],
      SERVICE_HEALTH_URLS: [
        ...(['crawler', 'normaliser', 'matcher', 'notifier', 'account', 'billing', 'ad-serving', 'analytics', 'ops'] as const).map((service) => ({ service, port: 'HEALTH_PORT' })),
        { service: 'account', port: 'ACCOUNT_API_PORT' },
      ],
    },
  },
  crawler: { ports: { ...HEALTH(8201), CRAWLER_API_PORT: 8101 }, scalesOut: true, links: { PORTAL_BASE_URL_: [{ service: 'portal-simulator', port: 'PORT' }] } },
  normaliser: { ports: { ...HEALTH(8202), OFFERS_API_PORT: 8102 }, scalesOut: false },
  matcher: { ports: HEALTH(8203), scalesOut: true },
  notifier: { ports: { ...HEALTH(8204), NOTIFIER_API_PORT: 8104 }, scalesOut: true, links: { AD_SERVING_URL: [{ service: 'ad-serving', port: 'AD_API_PORT' }], ANALYTICS_URL: [{ service: 'analytics', port: 'ANALYTICS_API_PORT' }] } },
  account: { ports: { ...HEALTH(8205), ACCOUNT_API_PORT: 8105 }, scalesOut: true },
  // GoPay and Fio banka are outside systems (the payment simulator stands in for them locally).
  billing: { ports: { ...HEALTH(8206), BILLING_API_PORT: 8106 }, scalesOut: false },
  // One instance: its counting loop is the single writer of counts and credit (services/ad-serving/README.md).
  'ad-serving': { ports: { ...HEALTH(8207), AD_API_PORT: 8107 }, scalesOut: false },
  analytics: { ports: { ...HEALTH(8208), ANALYTICS_API_PORT: 8108 }, scalesOut: false },
  // One instance: bulk replay jobs run in the process that started (or resumes) them.
  ops: { ports: { ...HEALTH(8209), OPS_API_PORT: 8109 }, scalesOut: false },
};

/** The stand-in for the portals, and what the infrastructure offers (not checked for ports). */
export const SIMULATOR = { ports: { PORT: 8090 } };
/** The stand-in for GoPay and Fio banka (services/payment-simulator). */
export const PAYMENT_SIMULATOR = { ports: { PORT: 8091 } };
export const SHARED = { mailWeb: 1080, smtp: 1025, jaegerUi: 16686, otlpHttp: 4318 };
