import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { PORTALS } from '@rr/proto';
import { AccountConfig } from '../../services/account/src/config';
import { AdServingConfig } from '../../services/ad-serving/src/config';
import { AnalyticsConfig } from '../../services/analytics/src/config';
import { BillingConfig } from '../../services/billing/src/config';
import { CrawlerConfig } from '../../services/crawler/src/config';
import { GatewayConfig } from '../../services/gateway/src/config';
import { MatcherConfig } from '../../services/matcher/src/config';
import { NormaliserConfig } from '../../services/normaliser/src/config';
import { NotifierConfig } from '../../services/notifier/src/config';
import { OpsConfig } from '../../services/ops/src/config';
import { BaseConfig } from '../../services/kit/src/config';
import { TOPOLOGY, type ServiceName } from './topology';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { safeLoad: (s: string) => unknown; safeLoadAll: (s: string) => unknown[] };

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const SCHEMAS: Record<ServiceName, z.ZodTypeAny> = {
  gateway: GatewayConfig, crawler: CrawlerConfig, normaliser: NormaliserConfig, matcher: MatcherConfig,
  notifier: NotifierConfig, account: AccountConfig, billing: BillingConfig, 'ad-serving': AdServingConfig, analytics: AnalyticsConfig, ops: OpsConfig,
};
const SERVICES = Object.keys(TOPOLOGY) as ServiceName[];

/**
 * Variables a deployment must set: those without a default, and those whose default is a
 * loopback address (right on a laptop, wrong anywhere else).
 */
function requiredVariables(schema: z.ZodTypeAny): string[] {
  let object = schema;
  while (object._def.schema) object = object._def.schema; // refinements around the object
  return Object.entries((object as z.AnyZodObject).shape).flatMap(([name, type]) => {
    let t = type as z.ZodTypeAny;
    while (t._def.schema || t._def.innerType) {
      if (t._def.typeName === 'ZodOptional') return [];
      if (t._def.typeName === 'ZodDefault') return /127\.0\.0\.1|localhost/.test(JSON.stringify(t._def.defaultValue())) ? [name] : [];
      t = t._def.schema ?? t._def.innerType;
    }
    return t.isOptional() ? [] : [name];
  });
}

type Deployed = { env: Record<string, string>; ports: number[] };

function composeServices(): Record<string, Deployed> {
  const doc = yaml.safeLoad(read('docker-compose.yml')) as { services: Record<string, { environment?: Record<string, unknown> }> };
  return Object.fromEntries(Object.entries(doc.services).map(([name, s]) => [name, {
    env: Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, String(v)])),
    ports: [],
  }]));
}

type K8sDoc = { kind: string; metadata: { name: string }; data?: Record<string, string>; stringData?: Record<string, string>;
  spec?: { ports?: Array<{ port: number }>; template?: { spec: { containers: Array<{ env?: Array<{ name: string; value: string }> }> } } } };

function k8sServices(): { deployments: Record<string, Deployed>; services: Record<string, number[]> } {
  const docs = ['deploy/k8s/config.yaml', 'deploy/k8s/services.yaml'].flatMap((f) => yaml.safeLoadAll(read(f)) as K8sDoc[]).filter(Boolean);
  const shared = Object.assign({}, ...docs.filter((d) => d.kind === 'ConfigMap' || d.kind === 'Secret').map((d) => d.data ?? d.stringData ?? {}));
  const deployments = Object.fromEntries(docs.filter((d) => d.kind === 'Deployment').map((d) => [d.metadata.name, {
    env: { ...shared, ...Object.fromEntries((d.spec!.template!.spec.containers[0].env ?? []).map((e) => [e.name, String(e.value)])) },
    ports: [],
  }]));
  const services = Object.fromEntries(docs.filter((d) => d.kind === 'Service').map((d) => [d.metadata.name, (d.spec!.ports ?? []).map((p) => p.port)]));
  return { deployments, services };
}

/** Addresses for people's browsers, not between services. */
const PUBLIC_VARIABLES = new Set(['PUBLIC_URL']);
/** A variable another one makes unnecessary: with a SendGrid key no SMTP server is used. */
const SATISFIED_BY: Record<string, string> = { SMTP_URL: 'SENDGRID_API_KEY' };

/** Every `http://host:port` in a variable's value. */
const urlsIn = (value: string) => [...value.matchAll(/https?:\/\/([a-z0-9.-]+):(\d+)/g)].map((m) => ({ host: m[1], port: Number(m[2]) }));

function checkDeployment(what: string, deployed: Record<string, Deployed>, reachable: (host: string, port: number) => boolean, unknown: RegExp | null = null): string[] {
  const problems: string[] = [];
  for (const name of SERVICES) {
    const d = deployed[name];
    if (!d) {
      problems.push(`${what}: no ${name}`);
      continue;
    }
    const { ports, links = {} } = TOPOLOGY[name];
    if (d.env.BIND_HOST !== '0.0.0.0') problems.push(`${what}: ${name} does not set BIND_HOST=0.0.0.0 (it would listen on loopback only)`);
    for (const [variable, port] of Object.entries(ports)) {
      if (d.env[variable] !== String(port)) problems.push(`${what}: ${name} has ${variable}=${d.env[variable]}, the topology says ${port}`);
    }
    if (new Set(Object.values(ports)).size !== Object.values(ports).length) problems.push(`topology: ${name} uses one port twice`);
    for (const variable of requiredVariables(SCHEMAS[name])) {
      if (!d.env[variable] && !(SATISFIED_BY[variable] in d.env) && !unknown?.test(variable)) problems.push(`${what}: ${name} needs ${variable}`);
    }
    for (const [variable, value] of Object.entries(d.env)) {
      if (PUBLIC_VARIABLES.has(variable)) continue;
      const targets = Object.entries(links).find(([v]) => variable.startsWith(v))?.[1];
      for (const url of urlsIn(value)) {
        if (!reachable(url.host, url.port)) problems.push(`${what}: ${name}'s ${variable} points at ${url.host}:${url.port}, which nothing serves`);
        else if (targets && !targets.some((t) => t.service === url.host)) problems.push(`${what}: ${name}'s ${variable} points at ${url.host}, not at ${targets.map((t) => t.service).join('/')}`);
      }
      for (const t of targets ?? []) {
        const port = t.service === 'portal-simulator' ? null : TOPOLOGY[t.service].ports[t.port];
        if (port && !urlsIn(value).some((u) => u.host === t.service && u.port === port)) problems.push(`${what}: ${name}'s ${variable} does not name ${t.service}:${port}`);
      }
    }
  }
  return problems;
}

/** A variable's default in a service's schema, if it has one. */
function defaultOf(schema: z.ZodTypeAny, variable: string): unknown {
  let object = schema;
  while (object._def.schema) object = object._def.schema;
  let t = (object as z.AnyZodObject).shape[variable] as z.ZodTypeAny | undefined;
  while (t && (t._def.schema || t._def.innerType)) {
    if (t._def.typeName === 'ZodDefault') return t._def.defaultValue();
    t = t._def.schema ?? t._def.innerType;
  }
  return undefined;
}

describe('deployment files against scripts/system/topology.ts', () => {
  it('has the services\' own defaults agree with it (0 = any free port)', () => {
    const problems: string[] = [];
    for (const name of SERVICES) {
      for (const [variable, port] of Object.entries(TOPOLOGY[name].ports)) {
        const value = defaultOf(SCHEMAS[name], variable);
        if (value !== undefined && Number(value) !== 0 && Number(value) !== port) problems.push(`${name}: ${variable} defaults to ${value}, the topology says ${port}`);
      }
      for (const [variable, targets] of Object.entries(TOPOLOGY[name].links ?? {})) {
        const value = defaultOf(SCHEMAS[name], variable);
        if (typeof value !== 'string') continue;
        for (const t of targets) {
          const port = t.service === 'portal-simulator' ? 8090 : TOPOLOGY[t.service].ports[t.port];
          if (!urlsIn(value).some((u) => u.port === port)) problems.push(`${name}: ${variable} defaults to ${value}, without ${t.service}'s port ${port}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('knows which variables a service must be given', () => {
    expect(requiredVariables(NotifierConfig)).toEqual(expect.arrayContaining(['WATCHDOG_LINK_SECRET', 'KAFKA_BROKERS', 'MONGO_URL', 'SMTP_URL']));
    expect(requiredVariables(GatewayConfig)).toEqual(expect.arrayContaining(['ACCOUNT_URL', 'OFFERS_URL', 'SERVICE_HEALTH_URLS']));
    expect(requiredVariables(GatewayConfig)).not.toContain('LOG_LEVEL');
  });

  it('docker-compose.yml binds every server to all interfaces on the topology ports, with every address a compose service', () => {
    const compose = composeServices();
    const ports = (host: string): number[] | null => {
      if (host in TOPOLOGY) return Object.values(TOPOLOGY[host as ServiceName].ports);
      if (host === 'portal-simulator') return [8090];
      return host in compose ? null : [];
    };
    expect(checkDeployment('compose', compose, (host, port) => {
      const p = ports(host);
      return p === null || p.includes(port);
    })).toEqual([]);
  });

  it('deploy/k8s does the same, each address a Service that exposes the port', () => {
    const { deployments, services } = k8sServices();
    // Outside the manifests: the managed Kafka, database and collector of deploy/README.md.
    const external = new Set(['kafka-bootstrap', 'mongo', 'otel-collector']);
    expect(checkDeployment('k8s', deployments, (host, port) => external.has(host) || (services[host] ?? []).includes(port))).toEqual([]);
    // In production the crawler talks to the portals themselves, never to the simulator.
    for (const portal of PORTALS) expect([portal, deployments.crawler.env[`PORTAL_BASE_URL_${portal.toUpperCase()}`]]).toEqual([portal, expect.stringMatching(/^https:\/\/[a-z.]+\.cz$/)]);
    for (const name of SERVICES) expect([name, services[name]]).toEqual([name, expect.arrayContaining(Object.values(TOPOLOGY[name].ports))]);
  });
});
