import { ClickFact, clicksTopic } from '@waymark/contracts';
import type { LinkEntry } from '../domain/link-entry';
import { encodeClick, encodeClickFact } from './click-record';
import type { VisitRequest } from './visit';

const entry: LinkEntry = {
  tenantId: 'ten_1',
  domain: 'go.acme.example',
  code: 'spring',
  destination: 'https://www.acme.example/sale?x=1',
  status: 'active',
  title: 'Spring sale',
  tags: { campaign: 'spring', channel: 'print' },
  expiresAtMs: null,
  notifyChannels: ['ch_1', 'ch_2'],
  createdAt: '2026-11-01T10:00:00.000Z',
  kind: 'link',
};
const request: VisitRequest = {
  host: 'go.acme.example',
  path: '/spring',
  rawQuery: '',
  method: 'GET',
  ip: '203.0.113.9',
  ua: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
  referer: 'https://news.example/item?id=1',
  accept: undefined,
  nowMs: Date.parse('2026-11-23T08:09:10.123Z'),
};
const context = { source: 'qr', bot: false, origin: 'https://go.acme.example' } as const;

describe('encodeClick', () => {
  it('writes every ClickFact field as JSON that the clicks.v1 schema accepts, keyed like the topic derives', () => {
    const click = encodeClick(entry, request, context);
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
    expect(click.key).toBe(clicksTopic.keyOf(value));
    expect(click.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps hostile strings intact and the text on one line: quotes, backslashes, newlines, separators, lone surrogates', () => {
    const nasty = 'a"b\\c\nd\re\u2028f\u2029g</script>\u0000h\ud800i\u00e9\u{1f600}';
    const click = encodeClick(
      { ...entry, title: nasty, code: 'c"1', tags: { [nasty]: nasty }, notifyChannels: [nasty] },
      { ...request, ua: nasty, referer: null, method: 'HEAD', ip: nasty },
      { source: 'click', bot: true, origin: 'https://go.acme.example' },
    );
    expect(click.json).not.toMatch(/[\n\r]/);
    const value = ClickFact.parse(JSON.parse(click.json));
    expect(value).toMatchObject({ title: nasty, code: 'c"1', tags: { [nasty]: nasty }, notifyChannels: [nasty], ua: nasty, ip: nasty });
    expect(value).toMatchObject({ referer: null, bot: true, method: 'HEAD', source: 'click', shortUrl: 'https://go.acme.example/c"1' });
    expect(click.key).toBe('go.acme.example/c"1');
  });

  it('gives each visit its own, time-ordered eventId', () => {
    const ids = Array.from({ length: 100 }, (_, i) => encodeClick(entry, { ...request, nowMs: request.nowMs + i }, context).eventId);
    expect(new Set(ids).size).toBe(100);
    expect([...ids].sort()).toEqual(ids);
  });
});

test('encodeClickFact gives a ClickFact object the same record form', () => {
  const click = encodeClick(entry, request, context);
  const fact = ClickFact.parse(JSON.parse(click.json));
  expect(encodeClickFact(fact)).toEqual({ key: click.key, eventId: click.eventId, json: JSON.stringify(fact) });
  expect(JSON.parse(encodeClickFact(fact).json)).toEqual(JSON.parse(click.json));
});
