import { Client } from 'pg';
import { channelsTopic, linksTopic, SCOPES, type ChannelState, type LinkState, type Scope } from '@waymark/contracts';
import type { IncomingMessage, Subscription } from '@waymark/events';
import { fetchJson, uniqueName, waitFor } from '@waymark/testkit';
import { operator, startLinkApi, type LinkApiInstance } from './link-api-harness';

export type Api = LinkApiInstance & { databaseUrl: string };

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
  text: string;
}

/** A link-api of its own (database, consumer group) with a host blocklist for the screening tests. */
export function startLinksApi(env: Record<string, string> = {}): Promise<Api> {
  return startLinkApi({
    env: {
      CHANNELS_CONSUMER_GROUP: uniqueName('link-api-channels'),
      DESTINATION_BLOCKLIST: 'blocked.example,*.tracker.example',
      ...env,
    },
  });
}

export async function call(api: Api, key: string | null, method: string, path: string, body?: unknown): Promise<Reply> {
  return fetchJson(`${api.url}${path}`, { method, headers: key ? { 'x-api-key': key } : {}, body });
}

export interface TestTenant {
  id: string;
  /** Verified default domain. */
  domain: string;
  /** A second verified domain. */
  otherDomain: string;
  /** Added but never verified. */
  unverifiedDomain: string;
  /** A key with every scope. */
  key: string;
  newKey(scopes: readonly Scope[]): Promise<string>;
}

/** A fresh tenant (own domains, own keys), usable once its key authenticates (identity.v1 has propagated). */
export async function newTenant(api: Api, plan = 'pro'): Promise<TestTenant> {
  const domain = `${uniqueName('go')}.example.test`;
  const { body: tenant } = await operator(api.url, 'POST', '/tenants', {
    name: 'Links test',
    plan,
    defaultDomain: domain,
    verifyDefaultDomain: true,
  });
  const otherDomain = `${uniqueName('alt')}.example.test`;
  const unverifiedDomain = `${uniqueName('new')}.example.test`;
  await operator(api.url, 'POST', `/tenants/${tenant.id}/domains`, { name: otherDomain });
  await operator(api.url, 'POST', `/domains/${otherDomain}/verify`, { method: 'operator' });
  await operator(api.url, 'POST', `/tenants/${tenant.id}/domains`, { name: unverifiedDomain });
  const newKey = async (scopes: readonly Scope[]): Promise<string> => {
    const { body } = await operator(api.url, 'POST', `/tenants/${tenant.id}/keys`, { name: 'test', scopes });
    return body.key as string;
  };
  const key = await newKey(SCOPES);
  // Ready once the key and the tenant's second domain have reached the identity model: the domain is checked before
  // screening, so a refused destination on it answers 422 (not 400) without storing anything.
  await waitFor(
    async () =>
      (await call(api, key, 'POST', '/v1/links', { destination: 'ftp://example.com/', domain: otherDomain })).status ===
      422,
    {
      message: 'tenant on identity.v1',
      timeoutMs: 20_000,
    },
  );
  return { id: tenant.id, domain, otherDomain, unverifiedDomain, key, newKey };
}

/**
 * A link-api and one tenant for the tests of a file: started before them, stopped after them. `ready` hands both to
 * the file, which keeps them in its own variables.
 */
/** A link-api of its own for the test file: started before its tests, handed to `ready`, stopped after them. */
export function withLinksApi(ready: (api: Api) => void | Promise<void>): void {
  let api: Api | undefined;
  beforeAll(async () => {
    api = await startLinksApi();
    await ready(api);
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });
}

export function withLinksApiAndTenant(ready: (api: Api, tenant: TestTenant) => void): void {
  withLinksApi(async (api) => ready(api, await newTenant(api)));
}

/** Publishes a channel on channels.v1 as notifier would, and waits until link-api has stored it. */
export async function publishChannel(api: Api, tenantId: string, id = uniqueName('ch')): Promise<string> {
  const value: ChannelState = {
    version: 1,
    eventId: uniqueName('ev'),
    id,
    tenantId,
    type: 'webhook',
    enabled: true,
    confirmed: true,
  };
  await api.bus.publish(channelsTopic, [{ key: id, value }]);
  await waitFor(async () => (await sql(api, 'SELECT 1 FROM link_api.channel WHERE id = $1', [id])).length === 1, {
    message: `channel ${id}`,
  });
  return id;
}

export async function sql<T = Record<string, unknown>>(api: Api, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: api.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every links.v1 record of the given domains, as the redirector would read them. */
export async function watchLinks(
  api: Api,
  domains: readonly string[],
): Promise<{ records: IncomingMessage<LinkState>[]; stop(): Promise<void> }> {
  const records: IncomingMessage<LinkState>[] = [];
  const prefixes = domains.map((d) => `${d}/`);
  const subscription: Subscription = await api.bus.subscribe({
    topic: linksTopic,
    mode: 'broadcast',
    handleBatch: async (messages) => {
      records.push(...messages.filter((m) => prefixes.some((p) => m.key.startsWith(p))));
    },
  });
  return { records, stop: () => subscription.stop() };
}
