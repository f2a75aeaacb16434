import { withoutKeysOf, type PendingEvent } from './outbox-store';

const event = (id: string, topic: string, key: string): PendingEvent => ({
  id,
  eventId: `e${id}`,
  topic,
  key,
  value: {},
  headers: {},
  traceParent: null,
});

describe('withoutKeysOf', () => {
  it('holds back a blocked row and every later row of its key, but not other keys', () => {
    const events = [event('1', 't', 'a'), event('2', 'u', 'x'), event('3', 't', 'a'), event('4', 't', 'b')];
    const ready = withoutKeysOf(events, (e) => e.id === '1');
    expect(ready.map((e) => e.id)).toEqual(['2', '4']);
  });

  it('treats the same key on two topics as two entities', () => {
    const ready = withoutKeysOf([event('1', 't', 'a'), event('2', 'u', 'a')], (e) => e.topic === 't');
    expect(ready.map((e) => e.id)).toEqual(['2']);
  });
});
