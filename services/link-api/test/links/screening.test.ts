import { operator } from '../support/link-api-harness';
import { call, newTenant, sql, startLinksApi, type Api, type TestTenant } from '../support/links-fixture';

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
  ['credentials', () => 'https://:@example.com/', /user name or password/],
  ['credentials', () => 'https://example.com@evil.example/', /user name or password/],
  ['ip_range', () => 'http://0177.0.0.1/', /loopback/],
  ['ip_range', () => 'http://[::ffff:169.254.169.254]/', /metadata/],
  ['internal_name', () => 'http://metadata.google.internal/', /internal name/],
  ['internal_name', () => 'http://169.254.169.254.nip.io/', /internal name/],
  ['internal_name', () => 'http://vm/', /single-label/],
  ['homograph', () => 'https://\u0430pple.com/', /mixes scripts/],
];

describe('destination screening over HTTP', () => {
  it('stores the ASCII form of a destination on create, PATCH and in bulk, so it can always be redirected to', async () => {
    const unicode = 'https://b\u00fccher.example/caf\u00e9?q=\u65e5\u672c';
    const ascii = 'https://xn--bcher-kva.example/caf%C3%A9?q=%E6%97%A5%E6%9C%AC';
    const { body: created } = await call(api, tenant.key, 'POST', '/v1/links', { destination: unicode });
    expect(created.destination).toBe(ascii);
    const { body: bulk } = await call(api, tenant.key, 'POST', '/v1/links/bulk', {
      rows: [{ destination: 'https:\\\\example.com\\a b' }],
    });
    expect((await call(api, tenant.key, 'GET', `/v1/links/${bulk.results[0].code}`)).body.destination).toBe(
      'https://example.com/a%20b',
    );
    const patched = await call(api, tenant.key, 'PATCH', `/v1/links/${created.code}`, {
      destination: 'HTTPS://EXAMPLE.COM/\u00e9',
    });
    expect(patched.body.destination).toBe('https://example.com/%C3%A9');
  });

  it('screens tenant branding URLs (logo, fallback) with the same rules', async () => {
    const refused = await operator(api.url, 'POST', '/tenants', {
      name: 'B',
      branding: { name: 'B', fallbackUrl: 'http://169.254.169.254/latest/' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'destination_rejected', details: { rule: 'ip_range' } });
    const logo = await operator(api.url, 'PATCH', `/tenants/${tenant.id}`, {
      branding: { name: 'B', logoUrl: 'http://metadata.google.internal/logo.png' },
    });
    expect(logo.body).toMatchObject({ code: 'destination_rejected', details: { rule: 'internal_name' } });
    const stored = await operator(api.url, 'PATCH', `/tenants/${tenant.id}`, {
      branding: { name: 'B', fallbackUrl: 'https://b\u00fccher.example/' },
    });
    expect(stored.body.branding).toMatchObject({ fallbackUrl: 'https://xn--bcher-kva.example/' });
  });

  it.each(REFUSED)(
    'refuses a %s destination (%#) on create, in bulk and on PATCH, storing nothing',
    async (rule, destination, reason) => {
      const before = await sql<{ n: number }>(api, 'SELECT count(*)::int AS n FROM link_api.link');
      const created = await call(api, tenant.key, 'POST', '/v1/links', { destination: destination() });
      expect(created.status).toBe(422);
      expect(created.body).toMatchObject({ code: 'destination_rejected', details: { rule } });
      expect(created.body.error).toMatch(reason);

      const bulk = await call(api, tenant.key, 'POST', '/v1/links/bulk', {
        rows: [{ destination: destination() }, { destination: 'https://ok.example/' }],
      });
      expect(bulk.body.results[0]).toMatchObject({ status: 'failed', errorCode: 'destination_rejected' });
      expect(bulk.body.results[1]).toMatchObject({ status: 'created' });

      const { body: link } = await call(api, tenant.key, 'POST', '/v1/links', {
        destination: 'https://ok.example/start',
      });
      const patched = await call(api, tenant.key, 'PATCH', `/v1/links/${link.code}`, {
        destination: destination(),
        title: 'never applied',
      });
      expect(patched.status).toBe(422);
      expect((await call(api, tenant.key, 'GET', `/v1/links/${link.code}`)).body).toMatchObject({
        destination: 'https://ok.example/start',
        title: '',
      });
      const after = await sql<{ n: number }>(api, 'SELECT count(*)::int AS n FROM link_api.link');
      expect(after[0]!.n - before[0]!.n).toBe(2); // the good bulk row and the PATCH target only
    },
  );
});
