import { uniqueName, waitFor } from '@waymark/testkit';
import type { ContractContext } from './bus-factory';
import { looseTwin, newEvent, Received, RecordingLogger, testTopic, type TestEvent } from './fixtures';

const NOTHING_TO_DO = 'x-nothing-to-do';
const skipMarked = ({ headers }: { headers: Readonly<Record<string, string>> }) => headers[NOTHING_TO_DO] === 'yes';

export function skipContract(ctx: ContractContext): void {
  it('skips a message its subscriber turns away by its headers, undecoded, and commits it with its batch', async () => {
    const logger = new RecordingLogger();
    const bus = await ctx.open(logger);
    const topic = testTopic('skip');
    const groupId = uniqueName('g');
    const kept = newEvent('one-key', 0);
    const unmarked = newEvent('one-key', 1);
    // On one key, so one partition, and the turned-away messages come last: only a commit past them covers them.
    await bus.publish(topic, [
      { key: kept.entity, value: kept, headers: { [NOTHING_TO_DO]: 'no' } },
      { key: unmarked.entity, value: unmarked },
      { key: 'one-key', value: newEvent('one-key', 2), headers: { [NOTHING_TO_DO]: 'yes' } },
    ]);
    // Not even valid: a skipped message is not decoded, so it is neither handed over nor dead-lettered.
    await bus.publish(looseTwin(topic), [
      { key: 'one-key', value: { entity: 'one-key', seq: 'not a number' }, headers: { [NOTHING_TO_DO]: 'yes' } },
    ]);
    const received = new Received();
    const seen: string[] = [];
    const first = await bus.subscribe({
      topic,
      mode: 'group',
      groupId,
      handleBatch: received.handle,
      skipUndecoded: (message) => {
        seen.push(message.headers[NOTHING_TO_DO] ?? 'absent');
        return skipMarked(message);
      },
    });
    await first.caughtUp;
    expect(received.messages.map((m) => (m.value as TestEvent).seq)).toEqual([0, 1]);
    expect(seen).toEqual(['no', 'absent', 'yes', 'yes']);
    expect(logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    await first.stop();

    // The group's next member starts past the skipped messages: they were committed.
    const sentinel = newEvent('one-key', 3);
    await bus.publish(topic, [{ key: sentinel.entity, value: sentinel }]);
    const next = new Received();
    await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: next.handle });
    await waitFor(() => next.count >= 1, { timeoutMs: 30_000, message: 'the sentinel' });
    expect(next.messages.map((m) => m.value?.eventId)).toEqual([sentinel.eventId]);
  });

  it('hands over, decoded, every message of a batch its subscriber does not turn away', async () => {
    const bus = await ctx.open();
    const topic = testTopic('skip-none');
    const events = Array.from({ length: 6 }, (_, seq) => newEvent(`entity-${seq % 3}`, seq));
    await bus.publish(
      topic,
      events.map((value) => ({ key: value.entity, value })),
    );
    const received = new Received();
    await bus.subscribe({
      topic,
      mode: 'broadcast',
      handleBatch: received.handle,
      skipUndecoded: skipMarked,
    });
    await waitFor(() => received.count >= events.length, { timeoutMs: 30_000, message: 'every event' });
    expect(received.messages.map((m) => m.value?.eventId).sort()).toEqual(events.map((e) => e.eventId).sort());
  });
}
