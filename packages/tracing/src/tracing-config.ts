import { z } from 'zod';
import { parseConfig, url, type Env } from '@waymark/config';

/**
 * The OpenTelemetry settings every service reads, under the names the OpenTelemetry specification gives them.
 * Tracing is on only when OTEL_EXPORTER_OTLP_ENDPOINT is set; a bad value is a configuration error (exit 2).
 */
export const tracingEnv = {
  /** Base URL of an OTLP/HTTP receiver (a collector); spans go to `<endpoint>/v1/traces` as OTLP JSON. */
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http', 'https']).optional(),
  /** Overrides the service name the spans carry (`service.name`). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /** Share of new traces recorded, 0..1; a request that arrives with a sampled `traceparent` is always recorded. */
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a ratio between 0 and 1, such as 0.1')
    .transform(Number)
    .default(1),
};

const tracingSchema = z.object(tracingEnv);

export type TracingConfig = z.output<typeof tracingSchema>;

/** Parses the tracing variables; throws ConfigError naming each bad one. */
export function loadTracingConfig(env: Env, service: string): TracingConfig {
  return parseConfig(tracingSchema, env, { service });
}
