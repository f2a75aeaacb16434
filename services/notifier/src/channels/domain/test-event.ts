import { randomUUID } from 'node:crypto';
import { toClickEvent, type ClickEvent } from '@waymark/contracts';

/** A click event that is only a sample: every spec 6.1 field, documentation values, and `test: true` after them. */
export type TestClickEvent = ClickEvent & { test: true };

/**
 * The body of a test send. The marker is a body field rather than a header so it is covered by the signature (a
 * receiver can trust it) and reaches code that only sees the verified payload. Its id has the form of a real event's.
 */
export function testClickEvent(tenantId: string, now: Date): { eventId: string; event: TestClickEvent } {
  const event = toClickEvent({
    event: 'click',
    source: 'click',
    code: 'test',
    shortUrl: 'https://wmrk.example/test',
    title: 'Waymark test event',
    destination: 'https://example.com/',
    tags: {},
    createdAt: now.toISOString(),
    ts: now.getTime(),
    at: now.toISOString(),
    ip: '192.0.2.1',
    ua: 'Waymark-Test/1',
    referer: null,
    customerId: tenantId,
  });
  return { eventId: `evt_${randomUUID()}`, event: { ...event, test: true } };
}
