import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import {
  contextFromHeaders,
  contextFromTraceParent,
  inSpan,
  isTraceParent,
  isTracingOn,
  SpanKind,
  startTracing,
  trace,
  traceHeaders,
  traceParentOf,
  type Tracing,
} from './index';

const PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('propagation when tracing is off', () => {
  it('carries nothing and runs work as it is', async () => {
    expect(isTracingOn()).toBe(false);
    expect(traceHeaders()).toEqual({});
    expect(traceParentOf(contextFromTraceParent(PARENT))).toBeUndefined();
    await expect(inSpan('work', { kind: SpanKind.INTERNAL }, async (span) => span.isRecording())).resolves.toBe(false);
  });
});

describe('propagation when tracing is on', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    tracing = startTracing({ OTEL_TRACES_SAMPLER_ARG: 1 }, 'unit', exporter);
  });
  afterAll(() => tracing.shutdown());

  it('reads a received traceparent and writes it out again unchanged', () => {
    const received = contextFromHeaders({ traceparent: PARENT });
    expect(trace.getSpanContext(received)?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(traceParentOf(received)).toBe(PARENT);
    expect(traceParentOf(contextFromTraceParent(PARENT))).toBe(PARENT);
  });

  it('continues nothing from a malformed or missing traceparent', () => {
    expect(traceParentOf(contextFromHeaders({ traceparent: 'not-a-trace' }))).toBeUndefined();
    expect(traceParentOf(contextFromTraceParent(null))).toBeUndefined();
    expect(isTraceParent(PARENT)).toBe(true);
    expect(isTraceParent('00-xyz')).toBe(false);
  });

  it('runs work in a child span of the given parent, active for what the work does', async () => {
    const options = { kind: SpanKind.INTERNAL, parent: contextFromTraceParent(PARENT) };
    const inner = await inSpan('work', options, async () => traceParentOf());
    await tracing.flush();
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('work');
    expect(span?.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span?.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(inner).toBe(`00-0af7651916cd43dd8448eb211c80319c-${span?.spanContext().spanId}-01`);
  });

  it('marks the span failed when the work fails', async () => {
    exporter.reset();
    const broken = inSpan('broken', { kind: SpanKind.INTERNAL }, async () => Promise.reject(new Error('boom')));
    await expect(broken).rejects.toThrow('boom');
    await tracing.flush();
    expect(exporter.getFinishedSpans()[0]?.status).toEqual({ code: 2, message: 'boom' });
  });
});
