import { z } from 'zod';
import type { TopicDef } from '@waymark/contracts';
import { EVENT_ID_HEADER } from '@waymark/events';
import { enqueue } from './enqueue';
import type { SqlTransaction } from './sql-transaction';

const widgetTopic: TopicDef<{ version: 1; eventId: string; id: string; name: string }> = {
  name: 'widgets.v1',
  schema: z.object({ version: z.literal(1), eventId: z.string(), id: z.string(), name: z.string().min(1) }),
  compacted: true,
  partitions: 4,
  keyOf: (value) => value.id,
  producers: ['link-api'],
  consumers: ['redirector'],
  description: 'test topic',
};

/** Records statements; the SQL itself runs against Postgres in test/outbox-*.test.ts. */
function recordingTransaction() {
  const calls: { query: string; values: unknown[] }[] = [];
  const tx: SqlTransaction = {
    $executeRawUnsafe: async (query, ...values) => {
      calls.push({ query, values });
      return 1;
    },
    $queryRawUnsafe: async () => [] as never,
  };
  return { tx, calls, insertedRows: () => JSON.parse(String(calls.at(-1)?.values[1])) };
}

describe('enqueue', () => {
  it('takes the event id from the value and the key from topic.keyOf, and puts the id in a header', async () => {
    const { tx, insertedRows } = recordingTransaction();
    const events = await enqueue(tx, widgetTopic, [
      { value: { version: 1, eventId: 'evt-1', id: 'w1', name: 'Widget' } },
    ]);
    expect(events).toEqual([{ eventId: 'evt-1', key: 'w1' }]);
    expect(insertedRows()).toEqual([
      {
        eventId: 'evt-1',
        key: 'w1',
        value: { version: 1, eventId: 'evt-1', id: 'w1', name: 'Widget' },
        headers: { [EVENT_ID_HEADER]: 'evt-1' },
      },
    ]);
  });

  it('rejects a value that does not match the topic schema before writing anything', async () => {
    const { tx, calls } = recordingTransaction();
    await expect(
      enqueue(tx, widgetTopic, [{ value: { version: 1, eventId: 'evt-1', id: 'w1', name: '' } }]),
    ).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });

  it('rejects a key that disagrees with the value, which would break ordering per entity', async () => {
    const { tx } = recordingTransaction();
    await expect(
      enqueue(tx, widgetTopic, [{ key: 'other', value: { version: 1, eventId: 'evt-1', id: 'w1', name: 'W' } }]),
    ).rejects.toThrow(/key other/);
  });

  it('gives a tombstone its own event id', async () => {
    const { tx, insertedRows } = recordingTransaction();
    const [event] = await enqueue(tx, widgetTopic, [{ key: 'w1', value: null }]);
    expect(event?.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(insertedRows()[0]).toMatchObject({ key: 'w1', value: null, headers: { [EVENT_ID_HEADER]: event?.eventId } });
  });

  it('locks each distinct key once, then inserts in one statement', async () => {
    const { tx, calls } = recordingTransaction();
    await enqueue(tx, widgetTopic, [
      { value: { version: 1, eventId: 'a', id: 'w1', name: 'A' } },
      { value: { version: 1, eventId: 'b', id: 'w1', name: 'B' } },
    ]);
    expect(calls).toHaveLength(2);
    expect(JSON.parse(String(calls[0]?.values[0]))).toEqual(['widgets.v1 w1']);
  });
});
