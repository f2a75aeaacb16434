import { uniqueName } from '@waymark/testkit';
import { CatchUpTimeoutError, type IncomingMessage } from '../../src';
import type { ContractContext } from './bus-factory';
import { messagesOf, newEvent, testTopic, type TestEvent } from './fixtures';

/** A handler that takes its time, as a read model applying to Redis or PostgreSQL under load does. */
function slowReader(delayMs: number) {
  const seen = new Set<string>();
  const handle = async (batch: IncomingMessage<TestEvent>[]) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    for (const message of batch) if (message.value) seen.add(message.value.eventId);
  };
  return { seen, handle };
}

export function catchUpContract(ctx: ContractContext): void {
  it('catchUp resolves only once a broadcast reader has handled everything published before the call', async () => {
    const bus = await ctx.open();
    const topic = testTopic('catch-up');
    const reader = slowReader(30);
    const subscription = await bus.subscribe({ topic, mode: 'broadcast', handleBatch: reader.handle });
    await subscription.caughtUp;
    for (let round = 0; round < 5; round += 1) {
      const written = Array.from({ length: 8 }, (_, i) => newEvent(`k${i}`, round));
      await bus.publish(topic, messagesOf(written));
      await subscription.catchUp(10_000);
      expect(written.filter((event) => !reader.seen.has(event.eventId))).toEqual([]);
    }
  });

  it('catchUp of a group member waits for the whole group, whichever member holds the partition', async () => {
    const bus = await ctx.open();
    const topic = testTopic('catch-up-group');
    const groupId = uniqueName('g');
    const [first, second] = [slowReader(20), slowReader(20)];
    const a = await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: first.handle });
    const b = await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: second.handle });
    await Promise.all([a.caughtUp, b.caughtUp]);
    const written = Array.from({ length: 12 }, (_, i) => newEvent(`k${i}`, 0));
    await bus.publish(topic, messagesOf(written));
    await a.catchUp(20_000);
    expect(written.filter((event) => !first.seen.has(event.eventId) && !second.seen.has(event.eventId))).toEqual([]);
  });

  it('catchUp gives up with CatchUpTimeoutError when the reader cannot reach the head in time', async () => {
    const bus = await ctx.open();
    const topic = testTopic('catch-up-stuck');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const subscription = await bus.subscribe({ topic, mode: 'broadcast', handleBatch: () => held });
    await subscription.caughtUp;
    await bus.publish(topic, messagesOf([newEvent('k', 0)]));
    await expect(subscription.catchUp(300)).rejects.toBeInstanceOf(CatchUpTimeoutError);
    release();
    await subscription.catchUp(10_000);
  });
}
