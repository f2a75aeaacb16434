import { uniqueName, waitFor } from '@waymark/testkit';
import type { TopicDef } from '@waymark/contracts';
import {
  DEAD_LETTER_HEADERS,
  listDeadLetters,
  REPLAYED_FROM_HEADER,
  replayDeadLetters,
  type DeadLetterEntry,
  type EventBus,
} from '../../src';
import type { ContractContext } from './bus-factory';
import { looseTwin, messagesOf, newEvent, Received, RecordingLogger, testTopic, type TestEvent } from './fixtures';

/** Waits until the topic's dead-letter topic holds `count` messages, and returns them as listed. */
async function parkedEntries(bus: EventBus, topic: TopicDef<TestEvent>, count: number): Promise<DeadLetterEntry[]> {
  let entries: DeadLetterEntry[] = [];
  await waitFor(
    async () => {
      entries = [];
      await listDeadLetters(bus, topic, (entry) => entries.push(entry));
      return entries.length >= count;
    },
    { timeoutMs: 30_000, intervalMs: 200, message: `${count} dead letters in ${topic.name}` },
  );
  return entries;
}

/** A group subscriber whose handler fails on events labelled 'poison' until `fixed` is set (the bug fix). */
function buggyConsumer(bus: EventBus, topic: TopicDef<TestEvent>, groupId: string) {
  const received = new Received();
  const state = { fixed: false };
  const subscribed = bus.subscribe({
    topic,
    mode: 'group',
    groupId,
    maxAttempts: 1,
    handleBatch: async (batch) => {
      if (!state.fixed && batch.some((m) => m.value?.label === 'poison')) throw new Error('bug: cannot handle poison');
      await received.handle(batch);
    },
  });
  return { received, state, subscribed };
}

export function replayContract(ctx: ContractContext): void {
  it('replays a parked event to its topic once the bug is fixed, once: a second replay finds nothing new', async () => {
    const bus = await ctx.open();
    const topic = testTopic('replay');
    const poison = newEvent('k', 1, 'poison');
    await bus.publish(topic, messagesOf([newEvent('k', 0), poison, newEvent('k', 2)]));
    const consumer = buggyConsumer(bus, topic, uniqueName('g'));
    await consumer.subscribed;
    const [entry] = await parkedEntries(bus, topic, 1);
    expect(entry).toMatchObject({
      key: 'k',
      validNow: true,
      origin: expect.stringMatching(new RegExp(`^${topic.name}:`)),
    });
    expect(entry?.error).toContain('bug: cannot handle poison');
    await waitFor(() => consumer.received.count >= 2, { timeoutMs: 30_000, message: 'the two healthy events' });

    consumer.state.fixed = true;
    const logger = new RecordingLogger();
    expect(await replayDeadLetters({ bus, topic, logger })).toEqual({
      read: 1,
      replayed: 1,
      stillInvalid: 0,
      skipped: 0,
    });
    await waitFor(() => consumer.received.count >= 3, { timeoutMs: 30_000, message: 'the replayed event' });
    const replayed = consumer.received.messages[2];
    expect(replayed?.value).toEqual(poison);
    expect(replayed?.headers[REPLAYED_FROM_HEADER]).toMatch(/^\d+:\d+$/);
    expect(Object.keys(replayed?.headers ?? {}).filter((name) => name.startsWith('dlq-'))).toEqual([]);

    expect(await replayDeadLetters({ bus, topic, logger })).toEqual({
      read: 0,
      replayed: 0,
      stillInvalid: 0,
      skipped: 0,
    });
    expect(consumer.received.count).toBe(3);
  }, 120_000);

  it('replays only what the named group parked, and never publishes a value that still fails the schema', async () => {
    const bus = await ctx.open();
    const topic = testTopic('replay-filter');
    await bus.publish(looseTwin(topic), [{ key: 'k', value: { version: 1, entity: 'k', seq: 'not a number' } }]);
    const poison = newEvent('k', 1, 'poison');
    await bus.publish(topic, messagesOf([poison]));
    const tolerant = new Received();
    const tolerantGroup = uniqueName('tolerant');
    await bus.subscribe({ topic, mode: 'group', groupId: tolerantGroup, handleBatch: tolerant.handle });
    const buggyGroup = uniqueName('buggy');
    const buggy = buggyConsumer(bus, topic, buggyGroup);
    await buggy.subscribed;
    // Both groups park the invalid value; only the buggy one parks the poison event.
    const entries = await parkedEntries(bus, topic, 3);
    expect(entries.filter((e) => e.parkedBy === buggyGroup)).toHaveLength(2);
    expect(entries.filter((e) => !e.validNow)).toHaveLength(2);
    expect(entries.find((e) => !e.validNow)?.invalidReason).toMatch(/schema/);

    buggy.state.fixed = true;
    const logger = new RecordingLogger();
    const report = await replayDeadLetters({ bus, topic, parkedBy: buggyGroup, logger });
    expect(report).toEqual({ read: 3, replayed: 1, stillInvalid: 1, skipped: 1 });
    const stillInvalid = logger.entries.find((e) => e.message === 'dead letter still invalid; not replayed');
    expect(stillInvalid?.fields).toMatchObject({ parkedBy: buggyGroup, topic: topic.name });
    await waitFor(() => buggy.received.messages.some((m) => m.value?.eventId === poison.eventId), {
      timeoutMs: 30_000,
      message: 'the replayed poison event at the fixed consumer',
    });
    // The replay reached every group of the topic: the tolerant group sees the event a second time (it is idempotent).
    await waitFor(() => tolerant.messages.filter((m) => m.value?.eventId === poison.eventId).length === 2, {
      timeoutMs: 30_000,
      message: 'the tolerant group to see the event again',
    });
    expect(tolerant.messages.every((m) => m.headers[DEAD_LETTER_HEADERS.group] === undefined)).toBe(true);
  }, 120_000);
}
