import pino from 'pino';
import { traceIdsOf } from './telemetry';

export type Logger = pino.Logger;

/**
 * One root logger per service; handlers take children with event context. Every line written
 * inside a span carries its `traceId` and `spanId`, so a log line leads to its trace in Jaeger.
 */
export function createLogger(service: string, level: string = 'info'): Logger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime, mixin: () => traceIdsOf() });
}
