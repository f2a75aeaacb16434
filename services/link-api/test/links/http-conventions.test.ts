import { Pool } from 'pg';
import { poolConfig } from '@waymark/db';
import { PgIdempotencyStore, startIdempotencySweeper } from '@waymark/http';
import { call, newTenant, sql, withLinksApiAndTenant, type Api, type TestTenant } from '../support/links-fixture';

let api: Api;
let tenant: TestTenant;

withLinksApiAndTenant((started, owner) => ((api = started), (tenant = owner)));

describe('the HTTP conventions of the links API', () => {
  it('points Location of a 201 at the created link, which reads back', async () => {
    const created = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/located',
      code: 'located',
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location');
    expect(location).toBe(`/v1/links/located?domain=${tenant.domain}`);
    const read = await call(api, tenant.key, 'GET', location!);
    expect(read.body).toMatchObject({ code: 'located', destination: 'https://example.com/located' });
  });

  it('answers a wrong method on a link with 405 and Allow', async () => {
    const reply = await fetch(`${api.url}/v1/links/located`, { method: 'PUT', headers: { 'x-api-key': tenant.key } });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
    expect(await reply.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('answers a CSV posted to the bulk endpoint with 415, and creates nothing', async () => {
    const reply = await fetch(`${api.url}/v1/links/bulk`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.key, 'content-type': 'text/csv' },
      body: 'destination\nhttps://example.com/csv\n',
    });
    expect(reply.status).toBe(415);
    expect(await reply.json()).toMatchObject({ code: 'unsupported_media_type' });
    const listed = await call(api, tenant.key, 'GET', '/v1/links?q=example.com/csv');
    expect(listed.body.links).toEqual([]);
  });

  it('names the bearer scheme on a 401', async () => {
    const reply = await call(api, 'wm_live_not_a_key', 'GET', '/v1/links');
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="waymark"');
  });
});

describe('If-Match on a link', () => {
  it('applies a PATCH made with the current ETag and refuses one made with a stale ETag with 412', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/v1', code: 'versioned' });
    const read = await call(api, tenant.key, 'GET', '/v1/links/versioned');
    const etag = read.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-z]+"$/);

    const first = await fetch(`${api.url}/v1/links/versioned`, {
      method: 'PATCH',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json', 'if-match': etag! },
      body: JSON.stringify({ destination: 'https://example.com/v2' }),
    });
    expect(first.status).toBe(200);
    const newEtag = first.headers.get('etag');
    expect(newEtag).not.toBe(etag);

    const stale = await fetch(`${api.url}/v1/links/versioned`, {
      method: 'PATCH',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json', 'if-match': etag! },
      body: JSON.stringify({ destination: 'https://example.com/lost-update' }),
    });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'precondition_failed', details: { etag: newEtag } });
    expect((await call(api, tenant.key, 'GET', '/v1/links/versioned')).body.destination).toBe('https://example.com/v2');
  });

  it('takes the ETag of the create answer, as header and field, and applies a PATCH made with it', async () => {
    const created = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/fresh',
      code: 'tagged-at-birth',
    });
    const etag = created.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    expect(created.body.etag).toBe(etag);

    const patched = await fetch(`${api.url}/v1/links/tagged-at-birth`, {
      method: 'PATCH',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json', 'if-match': etag! },
      body: JSON.stringify({ title: 'first edit' }),
    });
    expect(patched.status).toBe(200);
    const newEtag = patched.headers.get('etag');
    expect(newEtag).not.toBe(etag);
    expect(((await patched.json()) as { etag: string }).etag).toBe(newEtag);

    const read = await call(api, tenant.key, 'GET', '/v1/links/tagged-at-birth');
    expect(read.headers.get('etag')).toBe(newEtag);
    const listed = await call(api, tenant.key, 'GET', '/v1/links?q=tagged-at-birth');
    expect(listed.body.links.map((link: { etag: string }) => link.etag)).toEqual([newEtag]);

    const stale = await fetch(`${api.url}/v1/links/tagged-at-birth`, {
      method: 'PATCH',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json', 'if-match': etag! },
      body: JSON.stringify({ title: 'lost update' }),
    });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'precondition_failed', details: { etag: newEtag } });
  });

  it('deletes only with a matching ETag', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/d', code: 'guarded' });
    const etag = (await call(api, tenant.key, 'GET', '/v1/links/guarded')).headers.get('etag')!;
    const refused = await fetch(`${api.url}/v1/links/guarded`, {
      method: 'DELETE',
      headers: { 'x-api-key': tenant.key, 'if-match': '"stale"' },
    });
    expect(refused.status).toBe(412);
    expect((await call(api, tenant.key, 'GET', '/v1/links/guarded')).status).toBe(200);
    const deleted = await fetch(`${api.url}/v1/links/guarded`, {
      method: 'DELETE',
      headers: { 'x-api-key': tenant.key, 'if-match': etag },
    });
    expect(deleted.status).toBe(204);
  });
});

describe('Idempotency-Key on POST', () => {
  const post = (key: string, body: unknown) =>
    fetch(`${api.url}/v1/links`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });

  it('creates once and replays the first answer for the same key and body, marked as replayed', async () => {
    const key = `create-${Date.now()}`;
    const first = await post(key, { destination: 'https://example.com/once' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const created = (await first.json()) as { code: string };
    const again = await post(key, { destination: 'https://example.com/once' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(await again.json()).toEqual(created);
    const listed = await call(api, tenant.key, 'GET', '/v1/links?q=example.com/once');
    expect(listed.body.links.map((l: { code: string }) => l.code)).toEqual([created.code]);
  });

  it('refuses the same key with another body with 422', async () => {
    const key = `mismatch-${Date.now()}`;
    expect((await post(key, { destination: 'https://example.com/a' })).status).toBe(201);
    const other = await post(key, { destination: 'https://example.com/b' });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('answers a concurrent duplicate with 409 while the first is running, and never creates twice', async () => {
    const key = `race-${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => post(key, { destination: 'https://example.com/race' })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(replies.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    const listed = await call(api, tenant.key, 'GET', '/v1/links?q=example.com/race');
    expect(listed.body.links).toHaveLength(1);
  });

  it('keeps keys per tenant: another tenant may use the same key', async () => {
    const key = `shared-${Date.now()}`;
    expect((await post(key, { destination: 'https://example.com/t1' })).status).toBe(201);
    const other = await newTenant(api);
    const reply = await fetch(`${api.url}/v1/links`, {
      method: 'POST',
      headers: { 'x-api-key': other.key, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ destination: 'https://example.com/t2' }),
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key after 24 h, and the sweeper deletes it', async () => {
    const key = `old-${Date.now()}`;
    expect((await post(key, { destination: 'https://example.com/old' })).status).toBe(201);
    await sql(api, `UPDATE link_api.idempotency_key SET created_at = now() - interval '25 hours' WHERE key = $1`, [
      key,
    ]);
    const reused = await post(key, { destination: 'https://example.com/new-after-a-day' });
    expect(reused.status).toBe(201);
    expect(reused.headers.get('idempotent-replayed')).toBeNull();

    await sql(api, `UPDATE link_api.idempotency_key SET created_at = now() - interval '25 hours' WHERE key = $1`, [
      key,
    ]);
    const pool = new Pool(poolConfig({ databaseUrl: api.databaseUrl, schema: 'link_api' }, 1));
    try {
      expect(
        await startIdempotencySweeper(new PgIdempotencyStore(pool), { logger: console }).sweepNow(),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.end();
    }
    expect(await sql(api, 'SELECT 1 FROM link_api.idempotency_key WHERE key = $1', [key])).toEqual([]);
  });
});
