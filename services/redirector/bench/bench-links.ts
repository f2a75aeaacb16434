import { randomUUID } from 'node:crypto';
import { identityTopic, linksTopic, linkKey, type LinkState, type TenantState } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';

export function benchTenant(): TenantState {
  return {
    version: 1,
    eventId: randomUUID(),
    type: 'tenant',
    id: 'bench',
    name: 'Bench',
    entitlements: [],
    plan: { name: 'bench', rateLimitPerMinute: 1, burst: 1, bulkRowCap: 1, exportsPerHour: 0 },
    defaultDomain: 'go.bench.test',
    domains: [{ name: 'go.bench.test', verified: true }],
    branding: { name: 'Bench' },
  };
}

export const benchCode = (i: number): string => `b${i.toString(36)}`;

/** Links `from`..`to`-1 of the bench tenant, realistic in size (destination with a query, a title, two tags). */
export function benchLinks(tenant: TenantState, from: number, to: number): LinkState[] {
  const now = new Date().toISOString();
  const links: LinkState[] = [];
  for (let i = from; i < to; i += 1) {
    links.push({
      version: 1,
      eventId: randomUUID(),
      tenantId: tenant.id,
      domain: tenant.defaultDomain,
      code: benchCode(i),
      destination: `https://shop.example.com/products/${i}?utm_source=qr&utm_campaign=spring`,
      status: 'active',
      title: `Product ${i}`,
      tags: { campaign: 'spring', sku: String(i) },
      expiresAt: null,
      notifyChannels: [],
      createdAt: now,
      updatedAt: now,
      kind: 'link',
    });
  }
  return links;
}

export async function publishBenchLinks(bus: EventBus, tenant: TenantState, count: number): Promise<void> {
  await bus.publish(identityTopic, [{ key: `tenant:${tenant.id}`, value: tenant }]);
  for (let i = 0; i < count; i += 5_000) {
    const links = benchLinks(tenant, i, Math.min(count, i + 5_000));
    await bus.publish(
      linksTopic,
      links.map((link) => ({ key: linkKey(link), value: link })),
    );
  }
}
