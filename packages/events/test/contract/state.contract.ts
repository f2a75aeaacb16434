import { uniqueName, waitFor } from '@waymark/testkit';
import type { IncomingMessage } from '../../src';
import type { ContractContext } from './bus-factory';
import { messagesOf, newEvent, Received, testTopic, type TestEvent } from './fixtures';

/** Folds a compacted topic into state, as a read model does: the latest value per key, tombstones delete. */
function fold(messages: IncomingMessage<TestEvent>[]): Map<string, string | undefined> {
  const state = new Map<string, string | undefined>();
  for (const m of messages) {
    if (m.value === null) state.delete(m.key);
    else state.set(m.key, m.value.label);
  }
  return state;
}

export function stateContract(ctx: ContractContext): void {
  it('lets every broadcast reader rebuild a compacted topic from the start, caughtUp once it has it all', async () => {
    const bus = await ctx.open();
    const topic = testTopic('compacted', true);
    await bus.publish(topic, messagesOf([newEvent('a', 0, 'a1'), newEvent('b', 0, 'b1'), newEvent('c', 0, 'c1')]));
    await bus.publish(topic, messagesOf([newEvent('a', 1, 'a2')]));
    await bus.publish(topic, [{ key: 'c', value: null }]);
    await ctx.compact(bus);

    const readers = [new Received(), new Received()];
    const subscriptions = await Promise.all(
      readers.map((r) => bus.subscribe({ topic, mode: 'broadcast', handleBatch: r.handle })),
    );
    await Promise.all(subscriptions.map((s) => s.caughtUp));
    for (const reader of readers) {
      expect(fold(reader.messages)).toEqual(
        new Map([
          ['a', 'a2'],
          ['b', 'b1'],
        ]),
      );
      // The delete is still visible to a reader from the start (tombstones outlive compaction for a while).
      expect(reader.messages.filter((m) => m.key === 'c').at(-1)?.value).toBeNull();
    }
    expect(subscriptions[0]?.assignedPartitions()).toEqual([0, 1, 2, 3]);

    await bus.publish(topic, messagesOf([newEvent('b', 1, 'b2')]));
    await waitFor(() => readers.every((r) => fold(r.messages).get('b') === 'b2'), { message: 'the live update' });
  });

  it('keeps the log and the committed offsets when the bus is closed and opened again', async () => {
    const topic = testTopic('restart');
    const groupId = uniqueName('g');
    const first = await ctx.open();
    const consumed = Array.from({ length: 10 }, (_, i) => newEvent(`e${i % 3}`, i));
    await first.publish(topic, messagesOf(consumed));
    const early = new Received();
    const subscription = await first.subscribe({ topic, mode: 'group', groupId, handleBatch: early.handle });
    await subscription.caughtUp;
    expect(early.count).toBe(10);
    await subscription.stop();
    const inFlight = Array.from({ length: 5 }, (_, i) => newEvent(`e${i % 3}`, 10 + i));
    await first.publish(topic, messagesOf(inFlight));
    await first.close();

    const second = await ctx.open();
    const late = new Received();
    const resumed = await second.subscribe({ topic, mode: 'group', groupId, handleBatch: late.handle });
    await resumed.caughtUp;
    expect(late.messages.map((m) => m.value?.eventId).sort()).toEqual(inFlight.map((e) => e.eventId).sort());
    const everything = new Received();
    await (
      await second.subscribe({ topic, mode: 'broadcast', handleBatch: everything.handle })
    ).caughtUp;
    expect(everything.count).toBe(15);
  });
}
