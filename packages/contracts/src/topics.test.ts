import { ClickEvent, toClickEvent } from './click-event';
import { ALL_TOPICS, TOPICS } from './topics';
import { deadLetterTopicName } from './topic';

const now = '2026-03-01T10:00:00.000Z';
const click = {
  event: 'click',
  source: 'qr',
  code: 'spring',
  shortUrl: 'https://go.example/spring',
  title: 'Spring',
  destination: 'https://shop.example/spring',
  tags: { campaign: 'spring' },
  createdAt: now,
  ts: 1772359200000,
  at: '2026-03-01T11:00:00+01:00',
  ip: '203.0.113.9',
  ua: 'Mozilla/5.0',
  referer: null,
  customerId: 't1',
} as const;

describe('topic catalog', () => {
  it('declares every topic of the architecture once, with a versioned name', () => {
    expect(ALL_TOPICS.map((t) => t.name).sort()).toEqual([
      'channels.v1',
      'clicks.v1',
      'exports.requested.v1',
      'exports.status.v1',
      'identity.v1',
      'link-activity.v1',
      'links.v1',
    ]);
    expect(
      ALL_TOPICS.filter((t) => t.compacted)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['channels.v1', 'identity.v1', 'link-activity.v1', 'links.v1']);
    expect(deadLetterTopicName(TOPICS.clicks.name)).toBe('clicks.v1.dlq');
  });

  it('keys links and clicks by <domain>/<code>, identity by tenant and key hash', () => {
    const link = TOPICS.links.schema.parse({
      version: 1,
      eventId: 'e1',
      tenantId: 't1',
      domain: 'go.example',
      code: '01/09506000134352',
      destination: 'https://b.example',
      status: 'active',
      title: '',
      tags: {},
      expiresAt: null,
      notifyChannels: [],
      createdAt: now,
      updatedAt: now,
      kind: 'gs1',
      gs1: { gtin: '09506000134352', linkset: [], ai: {}, tags: [] },
    });
    expect(TOPICS.links.keyOf(link)).toBe('go.example/01/09506000134352');
    const key = TOPICS.identity.schema.parse({
      version: 1,
      eventId: 'e2',
      type: 'api_key',
      hash: 'a'.repeat(64),
      prefix: 'wm_live_ab',
      tenantId: 't1',
      scopes: ['links:read'],
      expiresAt: null,
      revoked: false,
    });
    expect(TOPICS.identity.keyOf(key)).toBe(`key:${'a'.repeat(64)}`);
  });

  it('keys link activity like links.v1 and refuses a value without its times', () => {
    const activity = {
      version: 1,
      eventId: 'e3',
      tenantId: 't1',
      domain: 'go.example',
      code: 'spring',
      linkCreatedAt: now,
      lastClickAt: '2026-03-01T10:05:00.000Z',
    };
    expect(TOPICS.linkActivity.keyOf(TOPICS.linkActivity.schema.parse(activity))).toBe('go.example/spring');
    expect(TOPICS.linkActivity.schema.safeParse({ ...activity, lastClickAt: 'yesterday' }).success).toBe(false);
    expect(TOPICS.linkActivity.schema.safeParse({ ...activity, linkCreatedAt: undefined }).success).toBe(false);
  });

  it('refuses values without the version literal or with a mismatched gs1 block', () => {
    const base = { eventId: 'e', id: 'c1', tenantId: 't1', type: 'webhook', enabled: true, confirmed: true };
    expect(TOPICS.channels.schema.safeParse(base).success).toBe(false);
    expect(TOPICS.channels.schema.safeParse({ ...base, version: 2 }).success).toBe(false);
    expect(TOPICS.channels.schema.safeParse({ ...base, version: 1 }).success).toBe(true);
  });

  it('a click fact carries the spec 6.1 body, which is recovered exactly for webhooks', () => {
    const fact = TOPICS.clicks.schema.parse({
      ...click,
      version: 1,
      eventId: '0190f7d2-0000-7000-8000-000000000001',
      tenantId: 't1',
      domain: 'go.example',
      bot: false,
      method: 'GET',
      notifyChannels: ['c1'],
    });
    expect(toClickEvent(fact)).toEqual(ClickEvent.parse(click));
    expect(Object.keys(toClickEvent(fact))).toEqual(Object.keys(click));
  });

  it('an export request carries the options with defaults applied; a ready status needs its result', () => {
    const req = TOPICS.exportsRequested.schema.parse({
      version: 1,
      eventId: 'e',
      jobId: 'j1',
      tenantId: 't1',
      name: 'export',
      options: {},
      snapshotKey: 'snap/j1.json',
      count: 3,
      truncated: false,
      requestedAt: now,
    });
    expect(req.options.symbologies).toEqual(['qr']);
    const status = {
      version: 1,
      eventId: 'e',
      jobId: 'j1',
      tenantId: 't1',
      done: 3,
      total: 3,
      at: now,
      rendererId: 'r1',
    };
    expect(TOPICS.exportsStatus.schema.safeParse({ ...status, status: 'ready' }).success).toBe(false);
    expect(
      TOPICS.exportsStatus.schema.safeParse({ ...status, status: 'ready', count: 3, sizeBytes: 10, objectKey: 'k' })
        .success,
    ).toBe(true);
    expect(TOPICS.exportsStatus.schema.safeParse({ ...status, status: 'failed' }).success).toBe(false);
  });
});
