import { randomUUID } from 'node:crypto';
import type { ClickFact, LinkState } from '@waymark/contracts';

export const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
};

/** A clicks.v1 value for a link as the redirector would emit it; `at` is the event time. */
export function newClick(link: LinkState, at: string, overrides: Partial<ClickFact> = {}): ClickFact {
  const ts = Date.parse(at);
  return {
    version: 1,
    eventId: randomUUID(),
    event: 'click',
    source: 'click',
    code: link.code,
    shortUrl: `https://${link.domain}/${link.code}`,
    title: link.title,
    destination: link.destination,
    tags: link.tags,
    createdAt: link.createdAt,
    ts,
    at: new Date(ts).toISOString(),
    ip: '81.2.69.142',
    ua: UA.chrome,
    referer: null,
    customerId: link.tenantId,
    tenantId: link.tenantId,
    domain: link.domain,
    bot: false,
    method: 'GET',
    notifyChannels: [],
    ...overrides,
  };
}
