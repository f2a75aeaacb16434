import { Client } from 'pg';
import { generateApiKey } from '@waymark/auth';
import { IDEMPOTENCY_KEY_DDL } from '@waymark/http';
import { identityTopic, type Scope } from '@waymark/contracts';
import type { KafkaEventBus } from '@waymark/events';
import { apiKeyRecord, tenantRecord, uniqueName, waitFor } from '@waymark/testkit';
import { startReceiver, type Receiver } from './support/receiver';
import { connectBus, startNotifier, testEnv, type StartedNotifier } from './support/notifier-harness';

/** A channel's answer holds its signing secret, shown once: a replay must never hand it to anyone else. */
describe('replaying an Idempotency-Key of POST /v1/channels', () => {
  let bus: KafkaEventBus;
  let receiver: Receiver;
  let notifier: StartedNotifier;

  beforeAll(async () => {
    bus = await connectBus();
    receiver = await startReceiver();
    notifier = await startNotifier(bus, testEnv({ WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry }));
  });

  afterAll(async () => {
    await notifier?.service.stop();
    await receiver?.close();
    await bus?.close();
  });

  const write: Scope[] = ['notifications:read', 'notifications:write'];

  async function newTenant(
    plan: { rateLimitPerMinute: number; burst: number } = { rateLimitPerMinute: 6000, burst: 100 },
  ) {
    const tenantId = uniqueName('tenant');
    await bus.publish(identityTopic, [tenantRecord({ id: tenantId, domain: 'go.acme.test', plan })]);
    return tenantId;
  }

  async function newKey(tenantId: string, scopes: Scope[], revoked = false) {
    const generated = generateApiKey();
    const record = apiKeyRecord({ hash: generated.hash, prefix: generated.displayPrefix, tenantId, scopes });
    await bus.publish(identityTopic, [{ ...record, value: { ...record.value, revoked } }]);
    return generated;
  }

  const createChannel = (apiKey: string, idempotencyKey: string) =>
    fetch(`${notifier.baseUrl}/v1/channels`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ type: 'webhook', name: 'Orders', config: { url: receiver.url('/orders') } }),
    });

  const statusOf = async (apiKey: string) =>
    (await fetch(`${notifier.baseUrl}/v1/channels`, { headers: { authorization: `Bearer ${apiKey}` } })).status;

  async function createdWith(apiKey: string, idempotencyKey: string) {
    await waitFor(async () => (await statusOf(apiKey)) === 200, { timeoutMs: 20_000, message: 'key to propagate' });
    const first = await createChannel(apiKey, idempotencyKey);
    expect(first.status).toBe(201);
    return (await first.json()) as { id: string; signingSecret: string };
  }

  it('answers a revoked key with 401, not with the channel and its secret', async () => {
    const tenantId = await newTenant();
    const key = await newKey(tenantId, write);
    await createdWith(key.key, 'revoked-1');
    const record = apiKeyRecord({ hash: key.hash, prefix: key.displayPrefix, tenantId, scopes: write });
    await bus.publish(identityTopic, [{ ...record, value: { ...record.value, revoked: true } }]);
    await waitFor(async () => (await statusOf(key.key)) === 401, { timeoutMs: 20_000, message: 'revocation' });

    const replayed = await createChannel(key.key, 'revoked-1');
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('idempotent-replayed')).toBeNull();
    expect(await replayed.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('answers a read-only key of the same tenant with 403, and another writing key with 422', async () => {
    const tenantId = await newTenant();
    const writer = await newKey(tenantId, write);
    const reader = await newKey(tenantId, ['notifications:read']);
    const otherWriter = await newKey(tenantId, write);
    await createdWith(writer.key, 'scoped-1');
    await waitFor(async () => (await statusOf(reader.key)) === 200, { timeoutMs: 20_000 });
    await waitFor(async () => (await statusOf(otherWriter.key)) === 200, { timeoutMs: 20_000 });

    const read = await createChannel(reader.key, 'scoped-1');
    expect(read.status).toBe(403);
    expect(await read.json()).toMatchObject({ code: 'insufficient_scope' });

    const other = await createChannel(otherWriter.key, 'scoped-1');
    expect(other.status).toBe(422);
    const body = await other.json();
    expect(body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(JSON.stringify(body)).not.toContain('whsec_');

    const again = await createChannel(writer.key, 'scoped-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('counts every replay against the plan rate limit', async () => {
    const tenantId = await newTenant({ rateLimitPerMinute: 3, burst: 3 });
    const key = await newKey(tenantId, write);
    await createdWith(key.key, 'limited-1');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await createChannel(key.key, 'limited-1')).status);
    expect(statuses).toContain(429);
    const limited = await createChannel(key.key, 'limited-1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps the answer only sealed: the table never holds the signing secret or the body in clear', async () => {
    const tenantId = await newTenant();
    const key = await newKey(tenantId, write);
    const created = await createdWith(key.key, 'sealed-1');
    const replayed = await createChannel(key.key, 'sealed-1');
    expect(await replayed.json()).toEqual(created);

    const db = new Client({ connectionString: notifier.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ row: string }>(
        'SELECT row_to_json(k)::text AS row FROM notifier.idempotency_key k WHERE tenant_id = $1',
        [tenantId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.row).not.toContain(created.signingSecret.slice('whsec_'.length));
      expect(rows[0]!.row).not.toContain(created.id);
      expect(rows[0]!.row).not.toContain(key.key);
    } finally {
      await db.end();
    }
  });

  it('scrubs an answer an earlier version kept in clear, and replays that key to no one', async () => {
    const tenantId = await newTenant();
    const key = await newKey(tenantId, write);
    await waitFor(async () => (await statusOf(key.key)) === 200, { timeoutMs: 20_000, message: 'key to propagate' });
    const db = new Client({ connectionString: notifier.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO notifier.idempotency_key (tenant_id, key, fingerprint, status, headers, body, created_at)
         VALUES ($1, 'legacy-1', 'f', 201, '{}', '{"signingSecret":"whsec_kept_in_clear"}', now())`,
        [tenantId],
      );
      await db.query('SET search_path TO notifier');
      await db.query(IDEMPOTENCY_KEY_DDL.sql);
      const { rows } = await db.query<{ row: string }>(
        'SELECT row_to_json(k)::text AS row FROM notifier.idempotency_key k WHERE tenant_id = $1',
        [tenantId],
      );
      expect(rows[0]!.row).not.toContain('whsec_');
    } finally {
      await db.end();
    }
    const replayed = await createChannel(key.key, 'legacy-1');
    expect(replayed.status).toBe(422);
    expect(await replayed.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });
});
