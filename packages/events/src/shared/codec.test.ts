import { z } from 'zod';
import type { TopicDef } from '@waymark/contracts';
import { decodeIncoming, encodeOutgoing, EVENT_ID_HEADER, InvalidEventError } from './codec';

const topic: TopicDef<{ version: 1; eventId: string; id: string }> = {
  name: 'things.v1',
  schema: z.object({ version: z.literal(1), eventId: z.string(), id: z.string() }),
  compacted: true,
  partitions: 3,
  keyOf: (value) => value.id,
  producers: [],
  consumers: [],
  description: 'test',
};

describe('encoding events for the wire', () => {
  it('sends the parsed value (unknown fields stripped) and copies eventId into the event-id header', () => {
    const value = { version: 1, eventId: 'e-1', id: 'x', extra: true } as never;
    const [encoded] = encodeOutgoing(topic, [{ key: 'x', value, headers: { trace: 't' } }]);
    expect(encoded).toEqual({
      key: 'x',
      value: '{"version":1,"eventId":"e-1","id":"x"}',
      headers: { trace: 't', [EVENT_ID_HEADER]: 'e-1' },
    });
  });

  it('passes tombstones through without a schema check', () => {
    expect(encodeOutgoing(topic, [{ key: 'x', value: null }])).toEqual([{ key: 'x', value: null, headers: {} }]);
  });

  it('rejects the whole call when one value fails the schema or carries a key the topic would not derive', () => {
    const good = { key: 'x', value: { version: 1 as const, eventId: 'e', id: 'x' } };
    expect(() => encodeOutgoing(topic, [good, { key: 'y', value: { version: 2 } as never }])).toThrow(
      InvalidEventError,
    );
    expect(() => encodeOutgoing(topic, [{ ...good, key: 'y' }])).toThrow(/derives "x"/);
  });
});

describe('decoding received events', () => {
  it('accepts valid JSON and tombstones, and explains what is wrong otherwise', () => {
    expect(decodeIncoming(topic, '{"version":1,"eventId":"e","id":"x"}')).toEqual({
      ok: true,
      value: { version: 1, eventId: 'e', id: 'x' },
    });
    expect(decodeIncoming(topic, null)).toEqual({ ok: true, value: null });
    expect(decodeIncoming(topic, 'not json')).toMatchObject({ ok: false, error: expect.stringMatching(/not JSON/) });
    expect(decodeIncoming(topic, '{"version":1}')).toMatchObject({ ok: false, error: expect.stringMatching(/schema/) });
  });
});
