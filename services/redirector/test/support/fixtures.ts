import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  identityTopic,
  linksTopic,
  linkKey,
  type ClickFact,
  type LinkState,
  type TenantState,
} from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import { uniqueName } from '@waymark/testkit';

/** A fresh tenant with one domain of its own; every test file uses its own, so shared topics never mix. */
export function newTenant(overrides: Partial<TenantState> = {}): TenantState {
  const id = uniqueName('tenant');
  const domain = `${id}.links.test`;
  return {
    version: 1,
    eventId: randomUUID(),
    type: 'tenant',
    id,
    name: 'Acme Coffee',
    plan: { name: 'pro', rateLimitPerMinute: 600, burst: 60, bulkRowCap: 500, exportsPerHour: 10 },
    entitlements: ['resolver'],
    defaultDomain: domain,
    domains: [{ name: domain, verified: true }],
    branding: {
      name: 'Acme Coffee',
      primaryColor: '#112233',
      backgroundColor: '#fafafa',
      fallbackUrl: 'https://acme.example/',
    },
    ...overrides,
  };
}

export function newLink(tenant: TenantState, overrides: Partial<LinkState> = {}): LinkState {
  const now = new Date().toISOString();
  return {
    version: 1,
    eventId: randomUUID(),
    tenantId: tenant.id,
    domain: tenant.defaultDomain,
    code: uniqueName('c').replace(/[^A-Za-z0-9_-]/g, ''),
    destination: 'https://shop.example/landing',
    status: 'active',
    title: 'Spring campaign',
    tags: { campaign: 'spring' },
    expiresAt: null,
    notifyChannels: ['ch_1'],
    createdAt: now,
    updatedAt: now,
    kind: 'link',
    ...overrides,
  } as LinkState;
}

export async function publishTenant(bus: EventBus, tenant: TenantState): Promise<void> {
  await bus.publish(identityTopic, [{ key: `tenant:${tenant.id}`, value: tenant }]);
}

export async function publishLinks(bus: EventBus, links: LinkState[]): Promise<void> {
  await bus.publish(
    linksTopic,
    links.map((link) => ({ key: linkKey(link), value: { ...link, eventId: randomUUID() } })),
  );
}

export async function deleteLink(bus: EventBus, link: LinkState): Promise<void> {
  await bus.publish(linksTopic, [{ key: linkKey(link), value: null }]);
}

/** A clicks.v1 value for a visit of `link` (a fresh eventId each), as the redirector builds one. */
export function newClickFact(link: LinkState, overrides: Partial<ClickFact> = {}): ClickFact {
  const now = Date.now();
  return {
    version: 1,
    eventId: uuidv7(),
    event: 'click',
    source: 'click',
    code: link.code,
    shortUrl: `http://${link.domain}/${link.code}`,
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
