import { getTestInfra, waitFor } from '@waymark/testkit';
import { shortUrlOriginOf, type ClickFact, type LinkState } from '@waymark/contracts';
import type { KafkaEventBus } from '@waymark/events';
import { compressDigitalLink, gs1CheckDigit } from '@waymark/gs1';
import { newLink, newTenant, publishLinks, publishTenant } from './support/fixtures';
import { collectClicks, connectBus, startRedirector, type StartedRedirector } from './support/redirector-harness';
import { visit } from './support/visit-client';

const GTIN = '09506000134352';
const SSCC = `10614141123456789${gs1CheckDigit('10614141123456789')}`;
const tenant = newTenant();
const host = tenant.defaultDomain;
// Where the tenant's Digital Links live, as gs1-catalog and link-api write them (never the visit's own scheme).
const origin = shortUrlOriginOf(host);
const gtinRecord = newLink(tenant, {
  kind: 'gs1',
  code: `01/${GTIN}`,
  destination: 'https://brand.example/pip',
  gs1: {
    gtin: GTIN,
    ai: {},
    tags: ['rice'],
    itemDescription: 'Basmati rice',
    linkset: [
      { linkType: 'gs1:pip', href: 'https://brand.example/pip', default: true },
      { linkType: 'gs1:recipeInfo', href: 'https://brand.example/recipes', default: false },
    ],
  },
} as Partial<LinkState>);
const batchRecord = newLink(tenant, {
  kind: 'gs1',
  code: `01/${GTIN}/10/ABC1`,
  destination: 'https://brand.example/batch/abc1',
  gs1: { gtin: GTIN, batch: 'ABC1', ai: {}, tags: [], linkset: [] },
} as Partial<LinkState>);
const GTIN_MULTI = `0950600013436${gs1CheckDigit('0950600013436')}`;
const multiRecord = newLink(tenant, {
  kind: 'gs1',
  code: `01/${GTIN_MULTI}`,
  destination: 'https://brand.example/en',
  gs1: {
    gtin: GTIN_MULTI,
    ai: {},
    tags: [],
    linkset: [
      { linkType: 'gs1:pip', href: 'https://brand.example/en', hreflang: ['en'], type: 'text/html', default: true },
      { linkType: 'gs1:pip', href: 'https://brand.example/fr', hreflang: ['fr'], type: 'text/html', default: false },
      { linkType: 'gs1:certificationInfo', href: 'https://brand.example/cert-a', default: false },
      { linkType: 'gs1:certificationInfo', href: 'https://brand.example/cert-b', context: ['LK'], default: false },
    ],
  },
} as Partial<LinkState>);
let bus: KafkaEventBus;
let redirector: StartedRedirector;
let clicks: ClickFact[];
let stopClicks: () => Promise<void>;

beforeAll(async () => {
  const { brokers } = getTestInfra().kafka;
  bus = await connectBus(brokers);
  await publishTenant(bus, tenant);
  await publishLinks(bus, [gtinRecord, batchRecord, multiRecord]);
  redirector = await startRedirector(brokers);
  const collected = await collectClicks(bus, tenant.id);
  clicks = collected.events;
  stopClicks = () => collected.subscription.stop();
});

afterAll(async () => {
  await stopClicks?.();
  await redirector?.stop();
  await bus?.close();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  visit(redirector.service.port, host, path, { method, headers });

test('a GTIN resolves with 307 to its default link, with the linkset Link header and CORS', async () => {
  const answer = await get(`/01/${GTIN}`);
  expect(answer.status).toBe(307);
  expect(answer.headers.location).toBe('https://brand.example/pip');
  expect(answer.headers.link).toBe(
    `<${origin}/01/${GTIN}?linkType=linkset>; rel="linkset"; type="application/linkset+json"; title="Linkset"`,
  );
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers['cache-control']).toContain('no-store');
});

test('a batch with its own record resolves to it; an unknown batch falls back to the GTIN', async () => {
  expect((await get(`/01/${GTIN}/10/ABC1`)).headers.location).toBe('https://brand.example/batch/abc1');
  const fallback = await get(`/01/${GTIN}/10/UNKNOWN/21/S1`);
  expect(fallback.status).toBe(307);
  expect(fallback.headers.location).toBe('https://brand.example/pip');
});

test('a GTIN-13 and a trailing slash resolve like the canonical path', async () => {
  expect((await get('/01/9506000134352')).headers.location).toBe('https://brand.example/pip');
  expect((await get(`/01/${GTIN}/`)).headers.location).toBe('https://brand.example/pip');
});

test('?linkType= redirects to that link type (CURIE or URI), 404 when the record has none', async () => {
  expect((await get(`/01/${GTIN}?linkType=gs1:recipeInfo`)).headers.location).toBe('https://brand.example/recipes');
  expect((await get(`/01/${GTIN}/10/ABC1?linkType=https://ref.gs1.org/voc/recipeInfo`)).headers.location).toBe(
    'https://brand.example/recipes',
  );
  expect((await get(`/01/${GTIN}?linkType=gs1:allergenInfo`)).status).toBe(404);
});

test('linkType=linkset and Accept: application/linkset+json return the linkset of every level up to the GTIN', async () => {
  for (const answer of [
    await get(`/01/${GTIN}/10/ABC1?linkType=linkset`),
    await get(`/01/${GTIN}/10/ABC1`, { accept: 'application/linkset+json' }),
  ]) {
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const body = JSON.parse(answer.body) as { linkset: Array<Record<string, unknown>> };
    expect(body.linkset.map((c) => c.anchor)).toEqual([`${origin}/01/${GTIN}/10/ABC1`, `${origin}/01/${GTIN}`]);
    expect(body.linkset[0]?.['https://ref.gs1.org/voc/defaultLink']).toEqual([
      { href: 'https://brand.example/batch/abc1', title: 'Product Information Page' },
    ]);
    expect(body.linkset[1]?.['https://ref.gs1.org/voc/recipeInfo']).toEqual([
      { href: 'https://brand.example/recipes', title: 'Recipe website' },
    ]);
    expect(body.linkset.map((c) => c.itemDescription)).toEqual([`GTIN ${GTIN}, batch/lot ABC1`, 'Basmati rice']);
    expect(answer.headers.link).toBe(
      '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
    );
  }
});

test.each([
  [`/01/09506000134353`, 'bad_check_digit'],
  [`/01/${GTIN}/21/S1/10/B1`, 'wrong_order'],
  [`/01/${GTIN}/17/261231`, 'misplaced_ai'],
  [`/01/${GTIN}/10/${'x'.repeat(21)}`, 'too_long'],
])('an invalid Digital Link %s is a 400 (%s)', async (path, reason) => {
  const answer = await get(path);
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_digital_link', reason });
});

test('the query string is passed on without linkType and the scan marker; a scan is a qr click event', async () => {
  const answer = await get(`/01/${GTIN}?17=261231&lot=a%20b&s=q`, {
    'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
  });
  expect(answer.headers.location).toBe('https://brand.example/pip?17=261231&lot=a%20b');
  const event = await waitFor(() => clicks.find((c) => c.code === `01/${GTIN}` && c.source === 'qr'), {
    message: 'the scan event',
  });
  expect(event).toMatchObject({ shortUrl: `${origin}/01/${GTIN}`, domain: host, bot: false, customerId: tenant.id });
});

test('every data attribute the dictionary permits is accepted, validated and passed on', async () => {
  const answer = await get(`/01/${GTIN}?3103=000500&99=x`);
  expect(answer.status).toBe(307);
  expect(answer.headers.location).toBe('https://brand.example/pip?3103=000500&99=x');
  expect(JSON.parse((await get(`/01/${GTIN}?3103=00050`)).body)).toMatchObject({ reason: 'bad_length', ai: '3103' });
});

test('AI 235 qualifies a GTIN and falls back to its record', async () => {
  const answer = await get(`/01/${GTIN}/235/TPX-1`);
  expect(answer.status).toBe(307);
  expect(answer.headers.location).toBe('https://brand.example/pip');
});

test.each([[`/00/${SSCC}`], ['/414/9506000134352/254/EXT1'], ['/8004/9506000ABC'], [`/shop/00/${SSCC}`], ['/shop/en']])(
  'a valid key Waymark holds no record for, %s, is a 404',
  async (path) => {
    expect((await get(path)).status).toBe(404);
  },
);

test('a custom stem before the key resolves like the key alone', async () => {
  const answer = await get(`/shop/en/01/${GTIN}/10/ABC1`);
  expect(answer.status).toBe(307);
  expect(answer.headers.location).toBe('https://brand.example/batch/abc1');
  expect((await get(`/shop/01/09506000134353`)).status).toBe(400);
});

test.each([
  [`/01/12345678901231/01/${GTIN}/10/ABC`, `/01/${GTIN}/10/ABC`, 307],
  [`/01/${GTIN}/01/10614141000415`, '/01/10614141000415', 404],
  [`/01/${GTIN}/414/9506000134352`, '/414/9506000134352', 404],
])('a stem holding a key, %s, answers like the rightmost key alone, %s', async (path, key, status) => {
  const [stemmed, alone] = [await get(path), await get(key)];
  expect([stemmed.status, stemmed.headers.location]).toEqual([status, alone.headers.location]);
  expect(alone.status).toBe(status);
});

test.each([[`/01/${GTIN}/10/A<B`], [`/01/${GTIN}?lot="x"`]])(
  'raw characters RFC 3986 does not allow, %s, are a 400',
  async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_digital_link', reason: 'bad_uri' });
  },
);

test('links are selected by Accept-Language against hreflang; gs1:defaultLink is always the default', async () => {
  expect((await get(`/01/${GTIN_MULTI}`)).headers.location).toBe('https://brand.example/en');
  const french = await get(`/01/${GTIN_MULTI}`, { 'accept-language': 'fr-CH, en;q=0.5' });
  expect(french.headers.location).toBe('https://brand.example/fr');
  expect(french.headers.vary).toBe('Accept, Accept-Language');
  expect((await get(`/01/${GTIN_MULTI}?linkType=gs1:defaultLink`, { 'accept-language': 'fr' })).headers.location).toBe(
    'https://brand.example/en',
  );
  expect(
    (await get(`/01/${GTIN_MULTI}?linkType=gs1:defaultLinkMulti`, { 'accept-language': 'fr' })).headers.location,
  ).toBe('https://brand.example/fr');
});

test('several links matching equally answer 300 Multiple Choices with the linkset; ?context= picks one', async () => {
  const answer = await get(`/01/${GTIN_MULTI}?linkType=gs1:certificationInfo`);
  expect(answer.status).toBe(300);
  expect(answer.headers['content-type']).toMatch(/^application\/linkset\+json/);
  const body = JSON.parse(answer.body) as { linkset: Array<Record<string, unknown>> };
  expect(body.linkset[0]?.['https://ref.gs1.org/voc/certificationInfo']).toHaveLength(2);
  const picked = await get(`/01/${GTIN_MULTI}?linkType=gs1:certificationInfo&context=LK`);
  expect(picked.status).toBe(307);
  expect(picked.headers.location).toBe('https://brand.example/cert-b?context=LK');
});

test('a compressed Digital Link resolves like its uncompressed form, which it names as owl:sameAs', async () => {
  const full = await get(
    `/${compressDigitalLink([
      ['01', GTIN],
      ['10', 'ABC1'],
      ['17', '271231'],
    ])}?s=q`,
  );
  expect(full.status).toBe(307);
  expect(full.headers.location).toBe('https://brand.example/batch/abc1?17=271231');
  expect(full.headers.link).toContain(`<${origin}/01/${GTIN}/10/ABC1?17=271231&s=q>; rel="owl:sameAs"`);
  const partial = await get(`/01/${GTIN}/${compressDigitalLink([['10', 'ABC1']])}`);
  expect(partial.headers.location).toBe('https://brand.example/batch/abc1');
  // GS1's published example: a valid link to a GTIN this tenant has no record of.
  expect((await get('/AQnYUc1gmiERBhQ0ytiyZuAGOLc1TQ')).status).toBe(404);
});

test('HEAD answers like GET without counting; OPTIONS answers the CORS preflight', async () => {
  const head = await get(`/01/${GTIN}/10/ABC1`, { referer: 'https://probe.example/head' }, 'HEAD');
  expect(head.status).toBe(307);
  expect(head.headers.location).toBe('https://brand.example/batch/abc1');
  const options = await get(
    `/01/${GTIN}`,
    { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    'OPTIONS',
  );
  expect(options.status).toBe(204);
  expect(options.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  expect(options.headers['access-control-allow-origin']).toBe('*');
  await get(`/01/${GTIN}/10/ABC1`, { referer: 'https://probe.example/get' });
  // Events of one link share a partition and keep their order: a counted HEAD would arrive before this GET.
  await waitFor(() => clicks.some((c) => c.referer === 'https://probe.example/get'));
  expect(clicks.filter((c) => c.referer === 'https://probe.example/head')).toEqual([]);
});

test('/.well-known/gs1resolver serves the resolver description document', async () => {
  const answer = await get('/.well-known/gs1resolver');
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({
    resolverRoot: origin,
    supportedPrimaryKeys: ['01'],
    name: 'Acme Coffee GS1 resolver',
    jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
  });
});
