import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { waitFor, uniqueName } from '@waymark/testkit';
import { inSpan, SpanKind, startTracing, traceParentOf, type Tracing } from '@waymark/tracing';
import type { IncomingMessage } from '../../src';
import type { ContractContext } from './bus-factory';
import { messagesOf, newEvent, testTopic, type TestEvent } from './fixtures';

export function tracingContract(ctx: ContractContext): void {
  describe('with tracing on', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: Tracing;
    beforeAll(() => {
      tracing = startTracing({ OTEL_TRACES_SAMPLER_ARG: 1 }, 'events-test', exporter);
    });
    afterAll(() => tracing.shutdown());

    it("carries the publisher's trace in a traceparent header to a consumer that handles it in that trace", async () => {
      const bus = await ctx.open();
      const topic = testTopic('traced');
      const traceId = await inSpan('request', { kind: SpanKind.SERVER }, async (span) => {
        await bus.publish(topic, messagesOf([newEvent('traced', 0)]));
        return span.spanContext().traceId;
      });
      const received: { message: IncomingMessage<TestEvent>; active: string | undefined }[] = [];
      await bus.subscribe({
        topic,
        mode: 'group',
        groupId: uniqueName('g'),
        handleBatch: async (batch) => {
          for (const message of batch) received.push({ message, active: traceParentOf() });
        },
      });
      const { message, active } = await waitFor(() => received[0], { timeoutMs: 30_000, message: 'the traced event' });

      await tracing.flush();
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      const request = spans.find((s) => s.name === 'request');
      const publish = spans.find((s) => s.name === `publish ${topic.name}` && s.kind === SpanKind.PRODUCER);
      const consume = spans.find((s) => s.name === `process ${topic.name}` && s.kind === SpanKind.CONSUMER);
      expect(publish?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
      expect(consume?.parentSpanContext?.spanId).toBe(publish?.spanContext().spanId);
      expect(message.headers.traceparent).toBe(`00-${traceId}-${publish?.spanContext().spanId}-01`);
      expect(active).toBe(`00-${traceId}-${consume?.spanContext().spanId}-01`);
    });
  });
}
