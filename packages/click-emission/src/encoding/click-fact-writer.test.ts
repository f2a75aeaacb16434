import { ClickFact, clicksTopic, shortUrlOf } from '@waymark/contracts';
import { encodeClickFact, type ClickedLink, type ClickRequest, type ClickVisit } from '../click-visit';
import { ClickBatch } from '../emitter/click-batch';
import { clickRecordBound, writeClickJson, writeClickKey, writeEventId } from './click-fact-writer';

const entry: ClickedLink = {
  tenantId: 'ten_1',
  domain: 'go.acme.example',
  code: 'spring',
  destination: 'https://www.acme.example/sale?x=1',
  title: 'Spring sale',
  tags: { campaign: 'spring', channel: 'print' },
  notifyChannels: ['ch_1', 'ch_2'],
  createdAt: '2026-11-01T10:00:00.000Z',
};
const request: ClickRequest = {
  method: 'GET',
  ip: '203.0.113.9',
  ua: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
  referer: 'https://news.example/item?id=1',
  nowMs: Date.parse('2026-11-23T08:09:10.123Z'),
};
const visit: ClickVisit = { entry, request, context: { source: 'qr', bot: false } };

/** The visit's click event, as the producer thread reads it from the batch's bytes. */
function eventOf(counted: ClickVisit) {
  const batch = new ClickBatch();
  batch.appendVisit(counted);
  const [click] = ClickBatch.records(new Uint8Array(batch.packed())).map((r) => ({
    key: r.key.toString(),
    eventId: r.eventId.toString(),
    json: r.json.toString(),
  }));
  if (!click) throw new Error('no record');
  return click;
}

/** What the event must be: ClickFact's fields in its order, as JSON.stringify writes them. */
function expectedFact({ entry: e, request: r, context: c }: ClickVisit, eventId: string): ClickFact {
  return {
    version: 1,
    eventId,
    event: 'click',
    source: c.source,
    code: e.code,
    shortUrl: shortUrlOf(e.domain, e.code),
    title: e.title,
    destination: e.destination,
    tags: e.tags,
    createdAt: e.createdAt,
    ts: r.nowMs,
    at: new Date(r.nowMs).toISOString(),
    ip: r.ip,
    ua: r.ua,
    referer: r.referer,
    customerId: e.tenantId,
    tenantId: e.tenantId,
    domain: e.domain,
    bot: c.bot,
    method: r.method === 'HEAD' ? 'HEAD' : 'GET',
    notifyChannels: [...e.notifyChannels],
  };
}

describe('click records written from a visit', () => {
  it('hold the clicks.v1 event of every ClickFact field, as JSON.stringify writes it, keyed like the topic derives', () => {
    const click = eventOf(visit);
    const value = ClickFact.parse(JSON.parse(click.json));
    expect(value).toEqual({
      version: 1,
      eventId: click.eventId,
      event: 'click',
      source: 'qr',
      code: 'spring',
      shortUrl: 'https://go.acme.example/spring',
      title: 'Spring sale',
      destination: 'https://www.acme.example/sale?x=1',
      tags: { campaign: 'spring', channel: 'print' },
      createdAt: '2026-11-01T10:00:00.000Z',
      ts: request.nowMs,
      at: '2026-11-23T08:09:10.123Z',
      ip: '203.0.113.9',
      ua: request.ua,
      referer: 'https://news.example/item?id=1',
      customerId: 'ten_1',
      tenantId: 'ten_1',
      domain: 'go.acme.example',
      bot: false,
      method: 'GET',
      notifyChannels: ['ch_1', 'ch_2'],
    });
    expect(click.json).toBe(JSON.stringify(expectedFact(visit, click.eventId)));
    expect(click.key).toBe(clicksTopic.keyOf(value));
    expect(click.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  const nasty = 'a"b\\c\nd\re\u2028f\u2029g</script>\u0000h\u007f\u00e9\u{1f600}\t\b\f\u001f';
  const long = (text: string) => text.repeat(Math.ceil(200 / text.length));
  const hostile: [string, string][] = [
    ['escapes, short', nasty],
    ['escapes, long', long(nasty)],
    ['non-ASCII, short', 'Été «naïve» 東京 📱'],
    ['non-ASCII, long', long('Été «naïve» 東京 📱 ')],
    ['ASCII, long', long('https://shop.example.com/p?q=1&r=2 ')],
    ['a lone surrogate, short', 'x\ud800y'],
    ['a lone surrogate, long', `${long('x')}\udfff`],
    ['empty', ''],
  ];

  it.each(hostile)('write every string field as JSON.stringify does: %s', (_name, text) => {
    const hostileVisit: ClickVisit = {
      entry: {
        ...entry,
        title: text,
        code: `c${text}`,
        destination: text,
        createdAt: text,
        tenantId: text,
        domain: `d${text}`,
        tags: { [text]: text, k: text },
        notifyChannels: [text, text],
      },
      request: { ...request, ua: text, referer: text, ip: text, method: 'HEAD' },
      context: { source: 'click', bot: true },
    };
    const click = eventOf(hostileVisit);
    expect(click.json).toBe(JSON.stringify(expectedFact(hostileVisit, click.eventId)));
    expect(click.json).not.toMatch(/[\n\r]/);
    // The key is UTF-8 like any Kafka key: a lone surrogate becomes U+FFFD, as when kafkajs encodes a string key.
    expect(click.key).toBe(Buffer.from(`d${text}/c${text}`).toString());
  });

  it("carry the link's canonical shortUrl, the one link-api answers (shortUrlOf), decided by the domain alone", () => {
    const local: ClickVisit = {
      ...visit,
      entry: { ...entry, domain: 'localhost:8081' },
    };
    expect(JSON.parse(eventOf(local).json).shortUrl).toBe('http://localhost:8081/spring');
    expect(JSON.parse(eventOf(visit).json).shortUrl).toBe('https://go.acme.example/spring');
    const gs1: ClickVisit = { ...visit, entry: { ...entry, code: '01/09506000134352/10/ABC1' } };
    expect(JSON.parse(eventOf(gs1).json).shortUrl).toBe(shortUrlOf('go.acme.example', '01/09506000134352/10/ABC1'));
  });

  it('write null for a visit without a referer, and the source, bot flag and method as given', () => {
    const click = eventOf({
      ...visit,
      request: { ...request, referer: null },
      context: { ...visit.context, source: 'click', bot: true },
    });
    expect(JSON.parse(click.json)).toMatchObject({ referer: null, source: 'click', bot: true, method: 'GET' });
    expect(JSON.parse(eventOf(visit).json)).toMatchObject({ referer: request.referer, source: 'qr', bot: false });
  });

  it('write tags and channels in their own order, none as {} and []', () => {
    const tags = { z: '1', a: '2', '10': '3', '2': '4' };
    const click = eventOf({ ...visit, entry: { ...entry, tags, notifyChannels: [] } });
    expect(click.json).toContain(`"tags":${JSON.stringify(tags)}`);
    expect(click.json).toContain('"notifyChannels":[]');
    expect(JSON.parse(eventOf({ ...visit, entry: { ...entry, tags: {} } }).json).tags).toEqual({});
  });

  it('give each visit its own, time-ordered eventId', () => {
    const ids = Array.from(
      { length: 100 },
      (_, i) => eventOf({ ...visit, request: { ...request, nowMs: request.nowMs + i } }).eventId,
    );
    expect(new Set(ids).size).toBe(100);
    expect([...ids].sort()).toEqual(ids);
  });

  it('never need more room than clickRecordBound says, for text of any width in any field', () => {
    // Long enough that one field's need is far beyond the spare room the others' bounds leave (some 1 KB in `visit`).
    const texts = [
      '',
      'a',
      '\u0001'.repeat(1_000),
      '\u0800'.repeat(1_000),
      '\u{1f600}'.repeat(500),
      '\ud800'.repeat(1_000),
      'é'.repeat(47),
    ];
    // One field at a time, the others as in `visit`.
    const fields: ((text: string) => ClickVisit)[] = [
      (text) => ({ ...visit, entry: { ...entry, title: text } }),
      (text) => ({ ...visit, entry: { ...entry, code: text } }),
      (text) => ({ ...visit, entry: { ...entry, domain: text } }),
      (text) => ({ ...visit, entry: { ...entry, tenantId: text } }),
      (text) => ({ ...visit, entry: { ...entry, destination: text } }),
      (text) => ({ ...visit, entry: { ...entry, createdAt: text } }),
      (text) => ({ ...visit, entry: { ...entry, tags: { [text]: text, k: text } } }),
      (text) => ({ ...visit, entry: { ...entry, notifyChannels: [text, text, text] } }),
      (text) => ({ ...visit, request: { ...request, ua: text } }),
      (text) => ({ ...visit, request: { ...request, ip: text } }),
      (text) => ({ ...visit, request: { ...request, referer: text } }),
      (text) => ({
        ...visit,
        request: { ...request, referer: null, nowMs: -8_640_000_000_000_000 },
        entry: { ...entry, title: text },
      }),
    ];
    for (const field of fields) {
      for (const text of texts) {
        const wide = field(text);
        const bound = clickRecordBound(wide);
        const bytes = Buffer.alloc(bound + 16, 0xee);
        const keyEnd = writeClickKey(bytes, 0, wide.entry);
        const eventIdEnd = writeEventId(bytes, keyEnd, wide.request.nowMs);
        const end = writeClickJson(bytes, eventIdEnd, wide, keyEnd);
        expect(end).toBeLessThanOrEqual(bound);
        expect(bytes.subarray(bound).every((byte) => byte === 0xee)).toBe(true);
        const eventId = bytes.toString('latin1', keyEnd, eventIdEnd);
        expect(bytes.toString('utf8', eventIdEnd, end)).toBe(JSON.stringify(expectedFact(wide, eventId)));
      }
    }
  });
});

test('an event read back from the spool (encodeClickFact) keeps the key, eventId and value of the one made from the visit', () => {
  const click = eventOf(visit);
  const again = encodeClickFact(ClickFact.parse(JSON.parse(click.json)));
  expect({ key: again.key, eventId: again.eventId }).toEqual({ key: click.key, eventId: click.eventId });
  expect(JSON.parse(again.json)).toEqual(JSON.parse(click.json));
});
