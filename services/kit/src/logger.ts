import pino from 'pino';

export type Logger = pino.Logger;

/** One root logger per service; handlers take children with event context. */
export function createLogger(service: string, level: string = 'info'): Logger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime });
}
