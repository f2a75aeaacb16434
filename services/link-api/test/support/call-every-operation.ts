/**
 * A client program that calls every operation of the public document through openapi-fetch, typed by the
 * declarations openapi-typescript generated next to it (`./api.d.ts`). It is type-checked, never run: a path,
 * parameter or body the document describes wrongly is a compile error here. Kept as a string so the repository's
 * own build does not compile it without the generated declarations.
 */
export const CALL_EVERY_OPERATION = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function callEveryOperation(apiKey: string, operatorToken: string): Promise<void> {
  const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:8000', headers: { 'x-api-key': apiKey } });
  const admin = createClient<paths>({ baseUrl: 'http://127.0.0.1:8000', headers: { authorization: 'Bearer ' + operatorToken } });

  const created = await api.POST('/v1/links', { body: { destination: 'https://example.org/spring', code: 'spring25', tags: { campaign: 'spring' } } });
  const code: string | undefined = created.data?.code;
  const page = await api.GET('/v1/links', { params: { query: { limit: 50, status: 'active', q: 'spring' } } });
  const next: string | null | undefined = page.data?.nextCursor;
  await api.GET('/v1/links/{code}', { params: { path: { code: code ?? 'spring25' }, query: { domain: 'go.acme.example' } } });
  await api.PATCH('/v1/links/{code}', { params: { path: { code: 'spring25' } }, body: { status: 'disabled', expiresAt: null } });
  await api.DELETE('/v1/links/{code}', { params: { path: { code: 'spring25' } } });
  const bulk = await api.POST('/v1/links/bulk', { body: { rows: [{ destination: 'https://example.org/a' }] } });
  const createdRows: number | undefined = bulk.data?.created;
  const qr = await api.GET('/v1/links/{code}/qr', { params: { path: { code: 'spring25' }, query: { scale: 8 } }, parseAs: 'text' });
  const svg: string | undefined = qr.data;
  const report = await api.GET('/v1/links/{code}/analytics', { params: { path: { code: 'spring25' }, query: { window: '7d', top: 10 } } });
  // JSON and CSV are both 200 answers of this operation: the client narrows to the JSON report.
  const clicks: number | undefined = typeof report.data === 'object' ? report.data.totals.clicks : undefined;
  await api.GET('/v1/analytics', { params: { query: { from: '2026-01-01', to: '2026-01-31', format: 'json' } } });

  const channel = await api.POST('/v1/channels', { body: { type: 'webhook', name: 'Orders', config: { url: 'https://hooks.acme.example/w' } } });
  const secret: string | undefined = channel.data?.signingSecret;
  await api.GET('/v1/channels');
  await api.PATCH('/v1/channels/{id}', { params: { path: { id: 'c1' } }, body: { enabled: false } });
  await api.DELETE('/v1/channels/{id}', { params: { path: { id: 'c1' } } });
  await api.GET('/v1/channels/{id}/deliveries', { params: { path: { id: 'c1' }, query: { limit: 20 } } });
  await api.GET('/v1/email-confirmations/{token}', { params: { path: { token: 't' } } });

  await api.POST('/v1/gs1/links/bulk', { body: { records: [{ gtin: '09506000134352', batch: 'ABC', destination: 'https://example.org/p' }], upsert: true } });
  await api.GET('/v1/gs1/links', { params: { query: { tags: 'a,b', limit: 100 } } });
  await api.GET('/v1/gs1/links/{path}', { params: { path: { path: '01/09506000134352/10/ABC' } } });
  await api.DELETE('/v1/gs1/links/{path}', { params: { path: { path: '01/09506000134352/10/ABC' } } });
  const job = await api.POST('/v1/gs1/exports', { body: { name: 'spring', symbologies: ['qr', 'dm'], formats: ['pdf'], bleedMm: 3 } });
  const jobId: string | undefined = job.data?.jobId;
  await api.GET('/v1/gs1/exports');
  const one = await api.GET('/v1/gs1/exports/{id}', { params: { path: { id: jobId ?? 'j1' } } });
  const url: string | undefined = one.data?.downloadUrl;
  await api.DELETE('/v1/gs1/exports/{id}', { params: { path: { id: 'j1' } } });
  await api.GET('/v1/openapi.json');
  const me = await api.GET('/v1/me');
  const scopes: string[] | undefined = me.data?.key.scopes;
  await api.PUT('/v1/branding', { body: { name: 'Acme', primaryColor: '#0a7', fallbackUrl: 'https://acme.example/' } });

  await admin.GET('/admin/v1/plans');
  await admin.PUT('/admin/v1/plans/{name}', { params: { path: { name: 'pro' } }, body: { rateLimitPerMinute: 600, burst: 50, bulkRowCap: 500, exportsPerHour: 20 } });
  const tenant = await admin.POST('/admin/v1/tenants', { body: { name: 'Acme', defaultDomain: 'go.acme.example', verifyDefaultDomain: true } });
  const tenantId = tenant.data?.id ?? 't1';
  await admin.GET('/admin/v1/tenants');
  await admin.GET('/admin/v1/tenants/{id}', { params: { path: { id: tenantId } } });
  await admin.PATCH('/admin/v1/tenants/{id}', { params: { path: { id: tenantId } }, body: { plan: 'pro' } });
  await admin.PUT('/admin/v1/tenants/{id}/entitlements', { params: { path: { id: tenantId } }, body: { entitlements: ['resolver'] } });
  await admin.POST('/admin/v1/tenants/{id}/domains', { params: { path: { id: tenantId } }, body: { name: 'links.acme.example' } });
  await admin.GET('/admin/v1/tenants/{id}/domains', { params: { path: { id: tenantId } } });
  await admin.POST('/admin/v1/domains/{name}/verify', { params: { path: { name: 'links.acme.example' } }, body: { method: 'dns' } });
  await admin.DELETE('/admin/v1/domains/{name}', { params: { path: { name: 'links.acme.example' } } });
  const key = await admin.POST('/admin/v1/tenants/{id}/keys', { params: { path: { id: tenantId } }, body: { scopes: ['links:read', 'qr'] } });
  const issued: string | undefined = key.data?.key;
  await admin.GET('/admin/v1/tenants/{id}/keys', { params: { path: { id: tenantId } } });
  await admin.POST('/admin/v1/keys/{id}/revoke', { params: { path: { id: 'k1' } } });

  void [next, createdRows, svg, clicks, secret, url, issued, scopes];
}
`;

/** Calls the typed client gets wrong on purpose: each must fail to compile, or the check above proves nothing. */
export const MISTAKES = [
  "await api.GET('/v1/links/{code}', { params: { path: { path: 'x' } } });",
  "await api.GET('/v1/links', { params: { query: { limit: 'fifty' } } });",
  "await api.GET('/v1/links/{code}/analytics', { params: { path: { code: 'x' }, query: { window: '1y' } } });",
];
