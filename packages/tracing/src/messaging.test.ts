import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import {
  contextFromHeaders,
  SpanKind,
  startTracing,
  trace,
  traceParentOf,
  tracedConsume,
  tracedPublish,
  type Tracing,
} from './index';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const VISIT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const TARGET = { system: 'kafka', topic: 'clicks.v1' };

describe('trace context through messages', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    tracing = startTracing({ OTEL_TRACES_SAMPLER_ARG: 1 }, 'unit', exporter);
  });
  afterAll(() => tracing.shutdown());
  beforeEach(() => exporter.reset());

  async function finished() {
    await tracing.flush();
    return exporter.getFinishedSpans();
  }

  it('publishes a message that carries its own trace in a producer span of that trace', async () => {
    const messages = [{ headers: { traceparent: VISIT } }, { headers: {} as Record<string, string> }];
    await tracedPublish(TARGET, messages, async () => undefined);
    const spans = await finished();
    expect(spans.map((s) => [s.name, s.kind])).toEqual([
      ['publish clicks.v1', SpanKind.PRODUCER],
      ['publish clicks.v1', SpanKind.PRODUCER],
    ]);
    const own = spans.find((s) => s.spanContext().traceId === TRACE_ID);
    expect(own?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(messages[0]?.headers.traceparent).toBe(`00-${TRACE_ID}-${own?.spanContext().spanId}-01`);
    const other = spans.find((s) => s !== own)?.spanContext();
    expect(messages[1]?.headers.traceparent).toBe(`00-${other?.traceId}-${other?.spanId}-01`);
  });

  it('consumes each message in a consumer span continuing its producer, active for the handler of one', async () => {
    const messages = [{ headers: { traceparent: VISIT } }];
    let seen: string | undefined;
    await tracedConsume({ ...TARGET, group: 'notifier' }, messages, async () => {
      seen = traceParentOf();
    });
    const [span] = await finished();
    expect(span?.kind).toBe(SpanKind.CONSUMER);
    expect(span?.attributes['messaging.consumer.group.name']).toBe('notifier');
    expect(span?.spanContext().traceId).toBe(trace.getSpanContext(contextFromHeaders({ traceparent: VISIT }))?.traceId);
    expect(seen).toBe(`00-${TRACE_ID}-${span?.spanContext().spanId}-01`);
  });

  it('ends the spans of a failed publish as errors and rethrows', async () => {
    const failing = tracedPublish(TARGET, [{ headers: {} }], () => Promise.reject(new Error('broker away')));
    await expect(failing).rejects.toThrow('broker away');
    const [span] = await finished();
    expect(span?.status.message).toBe('broker away');
  });
});
