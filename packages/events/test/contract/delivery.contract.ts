import { waitFor } from '@waymark/testkit';
import { uniqueName } from '@waymark/testkit';
import { EVENT_ID_HEADER, type IncomingMessage } from '../../src';
import type { ContractContext } from './bus-factory';
import { messagesOf, newEvent, Received, testTopic, type TestEvent } from './fixtures';

export function deliveryContract(ctx: ContractContext): void {
  it('delivers the events of one key in the order they were published, each with its event-id header', async () => {
    const bus = await ctx.open();
    const topic = testTopic('order');
    const keys = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    // Many small publish calls in flight at once: the bus coalesces them and must keep their order.
    await Promise.all(
      Array.from({ length: 30 }, (_, seq) => bus.publish(topic, messagesOf(keys.map((key) => newEvent(key, seq))))),
    );
    const received = new Received();
    await bus.subscribe({ topic, mode: 'group', groupId: uniqueName('g'), handleBatch: received.handle });
    await waitFor(() => received.count >= 150, { timeoutMs: 30_000, message: '150 events' });

    for (const key of keys) {
      const seqs = received.messages.filter((m) => m.key === key).map((m) => (m.value as TestEvent).seq);
      expect(seqs).toEqual(Array.from({ length: 30 }, (_, seq) => seq));
    }
    for (const message of received.messages) expect(message.headers[EVENT_ID_HEADER]).toBe(message.value?.eventId);
  });

  it('splits the partitions of a group between two consumers, which together see every event exactly once', async () => {
    const bus = await ctx.open();
    const topic = testTopic('split');
    const groupId = uniqueName('g');
    const [first, second] = [new Received(), new Received()];
    const a = await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: first.handle });
    const b = await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: second.handle });
    await waitFor(
      () => {
        const [pa, pb] = [a.assignedPartitions(), b.assignedPartitions()];
        const union = new Set([...pa, ...pb]);
        return pa.length > 0 && pb.length > 0 && union.size === 4 && pa.length + pb.length === 4;
      },
      { timeoutMs: 30_000, message: 'a stable group of two with disjoint partitions' },
    );

    const events = Array.from({ length: 60 }, (_, i) => newEvent(`entity-${i}`, 0));
    await bus.publish(topic, messagesOf(events));
    const all = () => [...first.messages, ...second.messages];
    await waitFor(() => all().length >= events.length, { timeoutMs: 30_000, message: 'every event' });
    await Promise.all([a.stop(), b.stop()]);

    expect(first.count).toBeGreaterThan(0);
    expect(second.count).toBeGreaterThan(0);
    expect(
      all()
        .map((m) => m.value?.eventId)
        .sort(),
    ).toEqual(events.map((e) => e.eventId).sort());
    expect(partitionsOf(first.messages).some((p) => partitionsOf(second.messages).includes(p))).toBe(false);
  });

  it('redelivers a batch to the next member when its consumer stops without committing', async () => {
    const bus = await ctx.open();
    const topic = testTopic('redeliver');
    const groupId = uniqueName('g');
    const events = Array.from({ length: 8 }, (_, i) => newEvent(`entity-${i % 2}`, i));
    await bus.publish(topic, messagesOf(events));

    // The first consumer takes its batch and never finishes it, as a process that hangs and is then killed.
    const seenByStuck: IncomingMessage<TestEvent>[] = [];
    const stuck = await bus.subscribe({
      topic,
      mode: 'group',
      groupId,
      stopTimeoutMs: 200,
      handleBatch: (batch) => {
        seenByStuck.push(...batch);
        return new Promise<void>(() => undefined);
      },
    });
    await waitFor(() => seenByStuck.length > 0, { timeoutMs: 30_000, message: 'the stuck consumer to get a batch' });
    await stuck.stop();

    const next = new Received();
    await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: next.handle });
    await waitFor(() => next.count >= events.length, { timeoutMs: 30_000, message: 'every event again' });
    const redelivered = new Set(next.messages.map((m) => m.value?.eventId));
    for (const message of seenByStuck) expect(redelivered.has(message.value?.eventId)).toBe(true);
  });
}

function partitionsOf(messages: IncomingMessage<unknown>[]): number[] {
  return [...new Set(messages.map((m) => m.partition))];
}
