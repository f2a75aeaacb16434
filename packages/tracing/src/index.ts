export { loadTracingConfig, tracingEnv, type TracingConfig } from './tracing-config';
export { isTracingOn, startTracing, tracesUrl, type Tracing } from './tracing-provider';
export {
  contextFromHeaders,
  contextFromTraceParent,
  isTraceParent,
  TRACEPARENT_HEADER,
  traceHeaders,
  traceParentOf,
} from './propagation';
export { inSpan, inStatementGroup, markFailed, waymarkTracer, type SpanOptions } from './spans';
export { tracedPublish, tracedConsume, type HeaderCarrier, type MessagingTarget } from './messaging';
export { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, trace, type Span, type Context } from '@opentelemetry/api';
