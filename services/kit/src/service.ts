import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { Bus } from './bus/bus';
import { BaseConfig, databaseNameOf, loadConfig } from './config';
import { startHealthServer, type HealthCheck } from './health';
import { createLogger, type Logger } from './logger';
import { connectDatabase, pingDatabase } from './mongo';
import { Shutdown } from './shutdown';
import { collectProcessMetrics } from './metrics';
import { startTelemetry } from './telemetry';

export type ServiceContext<C> = {
  name: string;
  config: C;
  log: Logger;
  bus: Bus;
  db: Connection | null;
  shutdown: Shutdown;
};

export type ServiceDefinition<S extends z.ZodTypeAny> = {
  name: string;
  configSchema: S;
  /** Whether the service owns a database (`rr-<name>`). */
  database: boolean;
  /** Wires handlers and servers; may return extra health checks and details. */
  start: (ctx: ServiceContext<z.infer<S>>) => Promise<{ checks?: Record<string, HealthCheck>; details?: () => Record<string, unknown> } | void>;
};

/**
 * The one start sequence: config → logger → telemetry → database → bus → handlers → health →
 * signals. Used by every main.ts and, with an env object, by integration tests.
 */
export async function runService<S extends z.ZodTypeAny>(
  def: ServiceDefinition<S>,
  env: NodeJS.ProcessEnv = process.env,
  options: { trapSignals?: boolean } = {},
): Promise<ServiceContext<z.infer<S>> & { healthPort: number; stop: () => Promise<void> }> {
  const config = loadConfig(def.configSchema, env) as z.infer<S> & BaseConfig;
  const log = createLogger(def.name, config.LOG_LEVEL);
  const shutdown = new Shutdown(log);
  const telemetry = startTelemetry(def.name, config.OTEL_ENABLED);
  shutdown.add('telemetry', telemetry.shutdown);
  collectProcessMetrics();

  const db = def.database ? await connectDatabase(config.MONGO_URL, databaseNameOf(def.name, config), log) : null;
  if (db) shutdown.add('database', () => db.close());

  const bus = new Bus({ clientId: def.name, brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX, logger: log });
  await bus.connect();
  shutdown.add('bus', () => bus.disconnect());

  const ctx: ServiceContext<z.infer<S>> = { name: def.name, config, log, bus, db, shutdown };
  const extra = (await def.start(ctx)) ?? {};

  const checks: Record<string, HealthCheck> = { kafka: () => bus.ping(), ...(db ? { database: () => pingDatabase(db) } : {}), ...extra.checks };
  const health = await startHealthServer({ service: def.name, checks, details: extra.details }, config.HEALTH_PORT, config.BIND_HOST);
  shutdown.add('health', health.close);
  if (options.trapSignals ?? true) shutdown.trapSignals();
  log.info({ healthPort: health.port }, 'started');
  return { ...ctx, healthPort: health.port, stop: () => shutdown.run() };
}

export { BaseConfig };
