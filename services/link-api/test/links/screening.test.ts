import { call, newTenant, sql, startLinksApi, type Api, type TestTenant } from './links-fixture';

let api: Api;
let tenant: TestTenant;

beforeAll(async () => {
  api = await startLinksApi({ SHORT_DOMAINS: 'wm.example', DESTINATION_MAX_LENGTH: '300' });
  tenant = await newTenant(api);
}, 60_000);

afterAll(async () => {
  await api?.stop();
});

/** One destination per rule; each must be refused with 422 destination_rejected on create, PATCH and in bulk. */
const REFUSED: [rule: string, destination: () => string, reason: RegExp][] = [
  ['scheme', () => 'ftp://files.example/a', /scheme ftp/],
  ['scheme', () => 'javascript:alert(1)', /scheme javascript/],
  ['credentials', () => 'https://user:pw@example.com/', /user name or password/],
  ['length', () => `https://example.com/${'a'.repeat(300)}`, /longer than 300/],
  ['ip_range', () => 'http://127.0.0.1:8080/', /loopback/],
  ['ip_range', () => 'http://10.0.0.1/', /private/],
  ['ip_range', () => 'http://[fe80::1]/', /link-local/],
  ['ip_range', () => 'http://169.254.169.254/latest/meta-data/', /metadata/],
  ['own_domain', () => `https://${tenant.domain}/abc`, /would loop/],
  ['own_domain', () => `https://${tenant.unverifiedDomain}/abc`, /would loop/],
  ['own_domain', () => 'https://wm.example/x', /would loop/],
  ['blocklist', () => 'https://blocked.example/', /blocked/],
  ['blocklist', () => 'https://a.tracker.example/', /blocked/],
];

describe('destination screening over HTTP', () => {
  it.each(REFUSED)('refuses a %s destination (%#) on create, in bulk and on PATCH, storing nothing', async (rule, destination, reason) => {
    const before = await sql<{ n: number }>(api, 'SELECT count(*)::int AS n FROM link_api.link');
    const created = await call(api, tenant.key, 'POST', '/v1/links', { destination: destination() });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({ code: 'destination_rejected', details: { rule } });
    expect(created.body.error).toMatch(reason);

    const bulk = await call(api, tenant.key, 'POST', '/v1/links/bulk', { rows: [{ destination: destination() }, { destination: 'https://ok.example/' }] });
    expect(bulk.body.results[0]).toMatchObject({ status: 'failed', errorCode: 'destination_rejected' });
    expect(bulk.body.results[1]).toMatchObject({ status: 'created' });

    const { body: link } = await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://ok.example/start' });
    const patched = await call(api, tenant.key, 'PATCH', `/v1/links/${link.code}`, { destination: destination(), title: 'never applied' });
    expect(patched.status).toBe(422);
    expect((await call(api, tenant.key, 'GET', `/v1/links/${link.code}`)).body).toMatchObject({ destination: 'https://ok.example/start', title: '' });
    const after = await sql<{ n: number }>(api, 'SELECT count(*)::int AS n FROM link_api.link');
    expect(after[0]!.n - before[0]!.n).toBe(2); // the good bulk row and the PATCH target only
  });
});
