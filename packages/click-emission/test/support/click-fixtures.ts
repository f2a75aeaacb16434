import { v7 as uuidv7 } from 'uuid';
import { shortUrlOf, type ClickFact } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { createLogger, type Logger } from '@waymark/logging';
import { uniqueName } from '@waymark/testkit';
import type { ClickedLink, ClickVisit } from '../../src';

export function silentLogger(): Logger {
  return createLogger({ service: 'click-emission-test', level: 'silent' });
}

export function connectBus(brokers: string[]): Promise<KafkaEventBus> {
  return KafkaEventBus.connect({ brokers, clientId: 'click-emission-test', logger: silentLogger(), lingerMs: 2 });
}

/** A link of `tenantId` with a fresh code, as a click copies it. */
export function newClickedLink(tenantId: string, overrides: Partial<ClickedLink> = {}): ClickedLink {
  return {
    tenantId,
    domain: `${tenantId}.links.test`,
    code: uniqueName('c').replace(/[^A-Za-z0-9_-]/g, ''),
    destination: 'https://shop.example/landing',
    title: 'Spring campaign',
    tags: { campaign: 'spring' },
    notifyChannels: ['ch_1'],
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A clicks.v1 value for a visit of `link` (a fresh eventId each), as a visit's would be. */
export function newClickFact(link: ClickedLink, overrides: Partial<ClickFact> = {}): ClickFact {
  const now = Date.now();
  return {
    version: 1,
    eventId: uuidv7(),
    event: 'click',
    source: 'click',
    code: link.code,
    shortUrl: shortUrlOf(link.domain, link.code),
    title: link.title,
    destination: link.destination,
    tags: { ...link.tags },
    createdAt: link.createdAt,
    ts: now,
    at: new Date(now).toISOString(),
    ip: '203.0.113.7',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    referer: null,
    customerId: link.tenantId,
    tenantId: link.tenantId,
    domain: link.domain,
    bot: false,
    method: 'GET',
    notifyChannels: [...link.notifyChannels],
    ...overrides,
  };
}

/** A counted visit of link `c<n>` on go.example (a GET, no referer), its user agent `ua`. */
export function countedVisit(n: number, ua = 'Mozilla/5.0'): ClickVisit {
  const entry: ClickedLink = {
    tenantId: 't',
    domain: 'go.example',
    code: `c${n}`,
    destination: 'https://x.example/',
    title: '',
    tags: {},
    notifyChannels: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  return {
    entry,
    request: { method: 'GET', ip: '127.0.0.1', ua, referer: null, nowMs: 1_800_000_000_000 + n },
    context: { source: 'click', bot: false },
  };
}
