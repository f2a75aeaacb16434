import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';
import { gtin13, gtin14 } from '../support/gtins';

let catalog: Gs1Catalog;
let tenant: TestTenant;

beforeAll(async () => {
  catalog = await startGs1Catalog({ SHORT_DOMAINS: 'wm.example' });
  tenant = await newTenant(catalog, { entitlements: ['resolver'] });
});

afterAll(async () => {
  await catalog?.stop();
});

const bulk = (body: unknown) => api(catalog, tenant, 'POST', '/v1/gs1/links/bulk', body);
const stored = async (code: string) =>
  (await api(catalog, tenant, 'GET', `/v1/gs1/links/${encodeURIComponent(code)}`)).body;

/** The destinations a GS1 record used to carry past the link paths' screening (issue 27). */
const INWARD = [
  'http://169.254.169.254/latest/meta-data/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0x7f.0.0.1/',
  'http://localhost/',
  'http://[::1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://192.168.0.1/',
  'http://100.64.0.1/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://user:pass@example.com/',
  'https://example.com@evil.example/',
  'https://:@example.com/',
  'http://metadata.google.internal/',
  'http://169.254.169.254.nip.io/',
  'http://vm/',
  'https://\u0430pple.com/',
  'ftp://files.example.com/',
  'javascript:alert(1)',
  'https://wm.example/loop',
];

describe('GS1 bulk screens every redirect target like the link paths do', () => {
  it('fails a record whose destination is refused, alone, and creates the good ones', async () => {
    const records = INWARD.map((destination, i) => ({ gtin: gtin13(100 + i), destination }));
    records.push({ gtin: gtin13(199), destination: 'https://brand.example.com/ok' });
    const { status, body } = await bulk({ records });
    expect(status).toBe(200);
    expect(body).toMatchObject({ requested: INWARD.length + 1, created: 1, failed: INWARD.length });
    body.results.slice(0, INWARD.length).forEach((result: { status: string; errorCode: string; error: string }) => {
      expect(result).toMatchObject({ status: 'failed', errorCode: 'destination_rejected' });
      expect(result.error).toMatch(/^destination: destination rejected: /);
    });
  });

  it('fails a record when any linkset href is refused, naming the entry', async () => {
    const linkset = [
      { linkType: 'gs1:pip', href: 'https://brand.example.com/pip', default: true },
      { linkType: 'gs1:recipeInfo', href: 'http://169.254.169.254/latest/meta-data/' },
    ];
    const { body } = await bulk({
      records: [
        { gtin: gtin13(201), linkset },
        { gtin: gtin13(202), linkset: [linkset[0]] },
      ],
    });
    expect(body.results[0]).toMatchObject({
      status: 'failed',
      errorCode: 'destination_rejected',
      error: expect.stringMatching(/^linkset\[1\]\.href: .*metadata/),
    });
    expect(body.results[1]).toMatchObject({ status: 'created' });
  });

  it('stores destinations and hrefs in their ASCII form, so every stored target can be redirected to', async () => {
    const records = [
      { gtin: gtin13(203), destination: 'https://b\u00fccher.example/caf\u00e9?q=\u65e5\u672c' },
      { gtin: gtin13(204), linkset: [{ href: 'https:\\\\example.com\\a b' }] },
    ];
    const { body } = await bulk({ records });
    expect(body.created).toBe(2);
    expect((await stored(body.results[0].code)).destination).toBe(
      'https://xn--bcher-kva.example/caf%C3%A9?q=%E6%97%A5%E6%9C%AC',
    );
    expect((await stored(body.results[1].code)).linkset[0].href).toBe('https://example.com/a%20b');
  });

  it('reports a record of the wrong type as a failed row, and still creates the good rows', async () => {
    const { status, body } = await bulk({
      records: [
        { gtin: 9506000134352 },
        'not a record',
        null,
        { gtin: gtin13(205), destination: 'https://brand.example.com/ok' },
      ],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ requested: 4, created: 1, failed: 3 });
    expect(body.results.slice(0, 3).map((r: { status: string; errorCode: string }) => [r.status, r.errorCode])).toEqual(
      [
        ['failed', 'validation_failed'],
        ['failed', 'validation_failed'],
        ['failed', 'validation_failed'],
      ],
    );
    expect(body.results[3]).toMatchObject({ status: 'created', code: `01/${gtin14(gtin13(205))}` });
  });
});
