import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * Traces and metrics through the OpenTelemetry SDK. Off unless OTEL_ENABLED=true; exporters then
 * come from the standard OTEL_* variables (OTLP endpoint in production).
 */
export function startTelemetry(serviceName: string, enabled: boolean): { shutdown: () => Promise<void> } {
  if (!enabled) return { shutdown: async () => undefined };
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  const sdk = new NodeSDK({ serviceName });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
