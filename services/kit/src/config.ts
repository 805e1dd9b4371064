import { z } from 'zod';

/**
 * The settings every service has. A service extends this with its own and calls `loadConfig`
 * once at start: it is the only reader of process.env, and a bad value stops the start with a
 * message naming the variable.
 */
export const BaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KAFKA_BROKERS: z.string().default('127.0.0.1:9092').transform((s) => s.split(',').map((b) => b.trim()).filter(Boolean)),
  /** Namespaces every topic name; tests use it so parallel runs do not see each other. */
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  /** Base URL of the database server; each service appends its own database name. */
  MONGO_URL: z.string().default('mongodb://127.0.0.1:27017'),
  /** Suffix for database names, for the same isolation as the topic prefix. */
  MONGO_DB_SUFFIX: z.string().default(''),
  /** Address servers listen on: loopback locally, 0.0.0.0 in containers. */
  BIND_HOST: z.string().default('127.0.0.1'),
  /** Port of the service's health endpoint (the gateway serves the API on its own port). */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  OTEL_ENABLED: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type BaseConfig = z.infer<typeof BaseConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** A database name for a service, e.g. `rr-account`, isolated by MONGO_DB_SUFFIX. */
export const databaseNameOf = (service: string, config: Pick<BaseConfig, 'MONGO_DB_SUFFIX'>) =>
  `rr-${service}${config.MONGO_DB_SUFFIX}`;
