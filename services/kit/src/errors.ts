import type { ErrorCode } from '@rr/proto';

export type AppErrorOptions = {
  cause?: unknown;
  /** Worth trying again later (infrastructure down, rate limited); not the input's fault. */
  retriable?: boolean;
  /** Per-field messages for form validation errors. */
  fields?: Record<string, string>;
  /** Related records the client may show (e.g. the watchdog that already covers a selection); `retryAfterSeconds` sets Retry-After. */
  details?: Record<string, unknown>;
};

/** The one error type services throw on purpose; its code maps to HTTP in the gateway's handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retriable: boolean;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retriable = options.retriable ?? false;
    this.fields = options.fields;
    this.details = options.details;
  }
}

const TRANSIENT_ERROR_NAMES = /^(MongoNetwork|MongoServerSelection|MongoNotConnected|MongoPoolCleared|MongoNetworkTimeout|KafkaJS(Connection|RequestTimeout|NumberOfRetriesExceeded|BrokerNotFound|LockTimeout|NonRetriable)?)/;

/** Errors that say the infrastructure is away rather than the message being bad. */
export function isRetriable(err: unknown): boolean {
  if (err instanceof AppError) return err.retriable;
  if (!(err instanceof Error)) return false;
  if ((err as { retriable?: boolean }).retriable === true) return true;
  return TRANSIENT_ERROR_NAMES.test(err.name) || /ECONNREFUSED|ECONNRESET|ETIMEDOUT|connection .*closed/i.test(err.message);
}

export function errorCodeOf(err: unknown): ErrorCode {
  return err instanceof AppError ? err.code : 'INTERNAL';
}
