import { refusedConnectionError, uniqueName, waitFor } from '@waymark/testkit';
import { DEAD_LETTER_HEADERS, deadLetterTopicOf, InvalidEventError, type EventBus } from '../../src';
import type { ContractContext } from './bus-factory';
import { looseTwin, messagesOf, newEvent, Received, RecordingLogger, testTopic, type TestEvent } from './fixtures';
import type { TopicDef } from '@waymark/contracts';

export function failureContract(ctx: ContractContext): void {
  it('parks an invalid event in the dead-letter topic with its origin, logs its offset, and goes on', async () => {
    const logger = new RecordingLogger();
    const bus = await ctx.open(logger);
    const topic = testTopic('invalid');
    const before = newEvent('same-key', 0);
    const after = newEvent('same-key', 2);
    await bus.publish(topic, messagesOf([before]));
    await bus.publish(looseTwin(topic), [{ key: 'same-key', value: { version: 1, entity: 'same-key', seq: 'one' } }]);
    await bus.publish(topic, messagesOf([after]));

    const groupId = uniqueName('g');
    const received = new Received();
    await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: received.handle });
    await waitFor(() => received.count >= 2, { timeoutMs: 30_000, message: 'the two valid events' });
    expect(received.messages.map((m) => m.value?.seq)).toEqual([0, 2]);

    const [parked] = await readDeadLetters(bus, topic, 1);
    expect(parked?.key).toBe('same-key');
    expect(parked?.value).toEqual({ version: 1, entity: 'same-key', seq: 'one' });
    expect(parked?.headers[DEAD_LETTER_HEADERS.topic]).toBe(topic.name);
    expect(parked?.headers[DEAD_LETTER_HEADERS.group]).toBe(groupId);
    expect(parked?.headers[DEAD_LETTER_HEADERS.error]).toMatch(/schema/);
    const offset = parked?.headers[DEAD_LETTER_HEADERS.offset];
    expect(Number(offset)).toBe(Number(received.messages[0]?.offset) + 1);
    expect(parked?.headers[DEAD_LETTER_HEADERS.partition]).toBe(String(received.messages[0]?.partition));
    const logged = logger.entries.find((entry) => entry.level === 'error' && entry.fields.offset === offset);
    expect(logged?.fields).toMatchObject({ topic: topic.name, reason: 'invalid' });
  });

  it('parks a poison event after maxAttempts, retrying the batch and then each event alone', async () => {
    const bus = await ctx.open();
    const topic = testTopic('poison');
    const events = [newEvent('k', 0), newEvent('k', 1, 'poison'), newEvent('k', 2)];
    await bus.publish(topic, messagesOf(events));
    const handled: TestEvent[] = [];
    let poisonAttempts = 0;
    await bus.subscribe({
      topic,
      mode: 'group',
      groupId: uniqueName('g'),
      maxAttempts: 2,
      handleBatch: async (batch) => {
        if (batch.some((m) => m.value?.label === 'poison')) {
          poisonAttempts += 1;
          throw new Error('cannot handle this one');
        }
        handled.push(...batch.map((m) => m.value as TestEvent));
      },
    });
    const [parked] = await readDeadLetters(bus, topic, 1);
    expect(parked?.value).toMatchObject({ eventId: events[1]?.eventId });
    expect(parked?.headers[DEAD_LETTER_HEADERS.error]).toContain('cannot handle this one');
    await waitFor(() => handled.length >= 2, { timeoutMs: 30_000, message: 'the healthy events' });
    expect(handled.map((e) => e.seq)).toEqual([0, 2]);
    // Whether the three arrived as one batch or several, the poison event was tried a bounded number of times.
    expect(poisonAttempts).toBeGreaterThanOrEqual(2);
    expect(poisonAttempts).toBeLessThanOrEqual(4);
  });

  describe("an outage of the handler's dependency lasting longer than maxAttempts", () => {
    for (const mode of ['group', 'broadcast'] as const) {
      it(`delays a ${mode} subscriber's batch until the dependency is back, and parks or skips nothing`, async () => {
        const logger = new RecordingLogger();
        const bus = await ctx.open(logger);
        const topic = testTopic(`outage-${mode}`);
        await bus.publish(topic, messagesOf([newEvent('k', 0), newEvent('k', 1), newEvent('k', 2)]));
        const handled: TestEvent[] = [];
        let failuresLeft = 6;
        await bus.subscribe({
          topic,
          mode,
          groupId: uniqueName('g'),
          maxAttempts: 2,
          handleBatch: async (batch) => {
            if (failuresLeft > 0) {
              failuresLeft -= 1;
              // What a database client raises while its server is down.
              throw new Error('could not store the batch', { cause: await refusedConnectionError() });
            }
            handled.push(...batch.map((m) => m.value as TestEvent));
          },
        });
        await waitFor(() => handled.length >= 3, { timeoutMs: 30_000, message: 'the events, once the outage is over' });
        expect(handled.map((e) => e.seq)).toEqual([0, 1, 2]);
        expect(failuresLeft).toBe(0);
        expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
        const warnings = logger.entries.filter((entry) => entry.level === 'warn' && entry.fields.topic === topic.name);
        expect(warnings.length).toBeGreaterThanOrEqual(6);
        expect(warnings.every((entry) => entry.fields.outage === true && entry.fields.attempt === 0)).toBe(true);
      });
    }

    it("also when the error says nothing, as long as the subscriber's dependency check fails meanwhile", async () => {
      const logger = new RecordingLogger();
      const bus = await ctx.open(logger);
      const topic = testTopic('outage-probe');
      await bus.publish(topic, messagesOf([newEvent('k', 0), newEvent('k', 1)]));
      const handled: TestEvent[] = [];
      let databaseDown = true;
      let failures = 0;
      await bus.subscribe({
        topic,
        mode: 'group',
        groupId: uniqueName('g'),
        maxAttempts: 2,
        dependenciesReady: async () => !databaseDown,
        handleBatch: async (batch) => {
          if (databaseDown) {
            failures += 1;
            if (failures === 6) databaseDown = false;
            throw new Error('statement failed');
          }
          handled.push(...batch.map((m) => m.value as TestEvent));
        },
      });
      await waitFor(() => handled.length >= 2, { timeoutMs: 30_000, message: 'the events, once the database is back' });
      expect(handled.map((e) => e.seq)).toEqual([0, 1]);
      expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
    });
  });

  it('rejects a publish call with one invalid value and sends none of its events', async () => {
    const bus = await ctx.open();
    const topic = testTopic('reject');
    const bad = { ...newEvent('k', 1), version: 2 } as unknown as TestEvent;
    await expect(bus.publish(topic, messagesOf([newEvent('k', 0), bad]))).rejects.toBeInstanceOf(InvalidEventError);
    await expect(bus.publish(topic, [{ key: 'other', value: newEvent('k', 0) }])).rejects.toThrow(/derives "k"/);
    const received = new Received();
    const reader = await bus.subscribe({ topic, mode: 'broadcast', handleBatch: received.handle });
    await reader.caughtUp;
    expect(received.count).toBe(0);
  });
}

async function readDeadLetters(bus: EventBus, topic: TopicDef<TestEvent>, count: number) {
  const received = new Received<unknown>();
  const reader = await bus.subscribe({
    topic: deadLetterTopicOf(topic),
    mode: 'broadcast',
    handleBatch: received.handle,
  });
  await waitFor(() => received.count >= count, { timeoutMs: 30_000, message: `${count} dead letters` });
  await reader.stop();
  return received.messages;
}
