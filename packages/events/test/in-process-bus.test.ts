import { Pool } from 'pg';
import { createTestDatabase, uniqueName, waitFor } from '@waymark/testkit';
import { InProcessEventBus, MemoryEventLogStore, PgEventLogStore, type EventLogStore } from '../src';
import { FAST_RETRY } from './bus-contract';
import { messagesOf, newEvent, Received, RecordingLogger, testTopic } from './contract/fixtures';

const logger = new RecordingLogger();

describe('the in-process bus beyond the shared contract', () => {
  let connectionString: string;
  const buses: InProcessEventBus[] = [];
  const open = async (store: EventLogStore = new PgEventLogStore({ connectionString })) => {
    const bus = await InProcessEventBus.start({ store, logger, retry: FAST_RETRY });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    connectionString = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('hands the partitions of a member that leaves to the one that stays', async () => {
    const bus = await open(new MemoryEventLogStore());
    const topic = testTopic('leave');
    const groupId = uniqueName('g');
    const [stays, leaves] = [new Received(), new Received()];
    const a = await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: stays.handle });
    const b = await bus.subscribe({ topic, mode: 'group', groupId, handleBatch: leaves.handle });
    expect(a.assignedPartitions()).toEqual([0, 2]);
    expect(b.assignedPartitions()).toEqual([1, 3]);
    await b.stop();
    expect(a.assignedPartitions()).toEqual([0, 1, 2, 3]);
    await bus.publish(topic, messagesOf(Array.from({ length: 20 }, (_, i) => newEvent(`e${i}`, i))));
    await waitFor(() => stays.count === 20, { message: 'every event at the remaining member' });
    expect(leaves.count).toBe(0);
  });

  it('redelivers after a restart the batch a crashed process never finished', async () => {
    const topic = testTopic('crash');
    const groupId = uniqueName('g');
    const first = await open();
    await first.publish(topic, messagesOf([newEvent('k', 0), newEvent('k', 1)]));
    let started = false;
    await first.subscribe({
      topic,
      mode: 'group',
      groupId,
      stopTimeoutMs: 100,
      handleBatch: () => {
        started = true;
        return new Promise<void>(() => undefined);
      },
    });
    await waitFor(() => started, { message: 'the batch to be in hand' });
    await first.close();

    const second = await open();
    const received = new Received();
    await (
      await second.subscribe({ topic, mode: 'group', groupId, handleBatch: received.handle })
    ).caughtUp;
    expect(received.messages.map((m) => m.value?.seq)).toEqual([0, 1]);
  });

  it('compacts the PostgreSQL log to the latest record per key while readers still rebuild the same state', async () => {
    const bus = await open();
    const topic = testTopic('compact', true);
    for (let round = 0; round < 5; round += 1) {
      await bus.publish(topic, messagesOf(['a', 'b', 'c'].map((key) => newEvent(key, round, `${key}${round}`))));
    }
    await bus.runMaintenance();
    const pool = new Pool({ connectionString });
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM waymark_bus.records WHERE topic = $1', [
      topic.name,
    ]);
    await pool.end();
    expect(rows[0].n).toBe(3);
    const reader = new Received();
    await (
      await bus.subscribe({ topic, mode: 'broadcast', handleBatch: reader.handle })
    ).caughtUp;
    expect(reader.messages.map((m) => m.value?.label).sort()).toEqual(['a4', 'b4', 'c4']);
  });

  it('creates its PostgreSQL schema idempotently, even when several stores start at once', async () => {
    const stores = Array.from({ length: 3 }, () => new PgEventLogStore({ connectionString, schema: 'bus_race' }));
    await Promise.all(stores.map((store) => store.start()));
    await stores[0]?.start();
    expect(await stores[1]?.healthy()).toBe(true);
    await Promise.all(stores.map((store) => store.close()));
  });
});
