import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { startDatabaseInstrumentation } from './database-instrumentation';
import type { TracingConfig } from './tracing-config';

export interface Tracing {
  readonly enabled: boolean;
  /** Exports the spans queued so far. */
  flush(): Promise<void>;
  /** Exports what is still queued and puts the API's no-op tracer back; call once at shutdown. */
  shutdown(): Promise<void>;
}

let on = false;

/**
 * Whether a tracer provider is registered in this process. Code on hot paths checks it before doing any tracing
 * work at all, so tracing that is off costs one boolean read there.
 */
export function isTracingOn(): boolean {
  return on;
}

const OFF: Tracing = { enabled: false, flush: async () => undefined, shutdown: async () => undefined };

/**
 * Registers the OpenTelemetry SDK when an OTLP endpoint is configured: a Node tracer provider (AsyncLocalStorage
 * context, W3C trace-context propagation), a parent-based ratio sampler, a batch span processor exporting OTLP
 * over HTTP, and the database instrumentations (pg statements, Prisma operations and transactions). The batch
 * processor never blocks the caller: spans queue in memory and a full queue drops them.
 * Without an endpoint nothing is registered and the API's no-op tracer answers every call. `exporter` replaces the
 * OTLP one (tests read spans from memory).
 */
export function startTracing(config: TracingConfig, service: string, exporter?: SpanExporter): Tracing {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint === undefined && exporter === undefined) return OFF;
  const spanExporter = exporter ?? new OTLPTraceExporter({ url: tracesUrl(endpoint as string) });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME ?? service }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG) }),
    spanProcessors: [new BatchSpanProcessor(spanExporter)],
  });
  provider.register();
  const stopDatabaseInstrumentation = startDatabaseInstrumentation(provider);
  on = true;
  return {
    enabled: true,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      on = false;
      stopDatabaseInstrumentation();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** The signal path the specification appends to OTEL_EXPORTER_OTLP_ENDPOINT. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}
