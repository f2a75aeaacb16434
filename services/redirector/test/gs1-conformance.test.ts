import { getTestInfra } from '@waymark/testkit';
import { shortUrlOriginOf, type LinkState } from '@waymark/contracts';
import type { KafkaEventBus } from '@waymark/events';
import { compressDigitalLink, gs1CheckDigit } from '@waymark/gs1';
import { newLink, newTenant, publishLinks, publishTenant } from './support/fixtures';
import { gs1LinksetProblems } from './support/gs1-linkset-check';
import { connectBus, startRedirector, type StartedRedirector } from './support/redirector-harness';
import { visit } from './support/visit-client';

/*
 * The checks of GS1's conformant-resolver test suite (gs1/GS1DL-resolver-testsuite, ConformantResolver1_0) that apply
 * to Waymark's resolver, one test each, named after the check. The checks that do not apply are listed, with the
 * reason, in services/gs1-catalog/README.md ("GS1 resolver conformance").
 */
const GTIN = `0950600013459${gs1CheckDigit('0950600013459')}`;
const tenant = newTenant();
const host = tenant.defaultDomain;
const origin = shortUrlOriginOf(host);
const VOC = 'https://ref.gs1.org/voc/';
const record = newLink(tenant, {
  kind: 'gs1',
  code: `01/${GTIN}`,
  destination: 'https://brand.example/en/pip',
  gs1: {
    gtin: GTIN,
    ai: {},
    tags: [],
    itemDescription: 'Crew neck white t-shirt',
    linkset: [
      {
        linkType: 'gs1:pip',
        href: 'https://brand.example/en/pip',
        title: 'Product',
        hreflang: ['en'],
        type: 'text/html',
        default: true,
      },
      {
        linkType: 'gs1:pip',
        href: 'https://brand.example/fr/pip',
        title: 'Produit',
        hreflang: ['fr'],
        type: 'text/html',
        default: false,
      },
      {
        linkType: 'gs1:certificationInfo',
        href: 'https://brand.example/cert.pdf',
        type: 'application/pdf',
        default: false,
      },
    ],
  },
} as Partial<LinkState>);
const serialRecord = newLink(tenant, {
  kind: 'gs1',
  code: `01/${GTIN}/21/S1`,
  destination: 'https://brand.example/dpp/S1',
  gs1: {
    gtin: GTIN,
    serial: 'S1',
    ai: {},
    tags: [],
    linkset: [{ linkType: 'gs1:traceability', href: 'https://brand.example/dpp/S1', default: true }],
  },
} as Partial<LinkState>);
let bus: KafkaEventBus;
let redirector: StartedRedirector;

beforeAll(async () => {
  const { brokers } = getTestInfra().kafka;
  bus = await connectBus(brokers);
  await publishTenant(bus, tenant);
  await publishLinks(bus, [record, serialRecord]);
  redirector = await startRedirector(brokers);
});

afterAll(async () => {
  await redirector?.stop();
  await bus?.close();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  visit(redirector.service.port, host, path, { method, headers });
const linksetOf = async (path: string) =>
  JSON.parse((await get(path, { accept: 'application/linkset+json' })).body) as {
    linkset: Array<Record<string, unknown>>;
  };

test('for primary keys that have key qualifiers, all key qualifiers are supported', async () => {
  for (const path of [`/01/${GTIN}/22/V1/10/B1/21/S9`, `/01/${GTIN}/235/TPX1`, `/01/${GTIN}/10/B1`])
    expect((await get(path)).status).toBe(307);
});

test('GET, HEAD and OPTIONS are supported', async () => {
  expect((await get(`/01/${GTIN}`)).status).toBe(307);
  expect((await get(`/01/${GTIN}`, {}, 'HEAD')).status).toBe(307);
  expect(
    (await get(`/01/${GTIN}`, { origin: 'https://app.example', 'access-control-request-method': 'GET' }, 'OPTIONS'))
      .status,
  ).toBe(204);
});

test('CORS is supported, and every answer declares GET, HEAD and OPTIONS', async () => {
  for (const answer of [await get(`/01/${GTIN}`), await get(`/01/${GTIN}?linkType=linkset`)]) {
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  }
});

test('the URI is syntactically validated and errors are reported with 400, never with 200', async () => {
  const invalid = [`/01/${GTIN.slice(0, -1)}0`, `/01/${GTIN}/21/S/10/B`, `/01/${GTIN}?3103=1`, `/01/${GTIN}/foo`];
  for (const path of invalid) expect((await get(path)).status).toBe(400);
});

test('every link in the Link header of a redirect has a target, a link type (rel) and a title', async () => {
  for (const answer of [await get(`/01/${GTIN}`), await get(`/${compressDigitalLink([['01', GTIN]])}`)]) {
    const links = String(answer.headers.link).split(/,(?=\s*<)/);
    for (const link of links) expect(link).toMatch(/^\s*<https?:\/\/[^>]+>;.*rel="[^"]+".*title="[^"]+"/);
  }
});

test('the list of links answers linkType=all as JSON or JSON-LD by content negotiation, varying on Accept', async () => {
  const asJson = await get(`/01/${GTIN}?linkType=all`, { accept: 'application/json' });
  expect(asJson.headers['content-type']).toBe('application/json');
  expect(String(asJson.headers.vary)).toContain('Accept');
  expect(gs1LinksetProblems(JSON.parse(asJson.body))).toEqual([]);
  const asJsonLd = await get(`/01/${GTIN}?linkType=all`, { accept: 'application/ld+json' });
  expect(asJsonLd.headers['content-type']).toBe('application/ld+json');
  expect(JSON.parse(asJsonLd.body)).toMatchObject({
    '@context': 'https://ref.gs1.org/standards/resolver/linkset-context',
  });
});

test('linkType=linkset and Accept: application/linkset+json return the RFC 9264 linkset, every level up to the key', async () => {
  for (const answer of [
    await get(`/01/${GTIN}/21/S1?linkType=linkset`),
    await get(`/01/${GTIN}/21/S1`, { accept: 'application/linkset+json' }),
  ]) {
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const body = JSON.parse(answer.body) as { linkset: Array<{ anchor: string }> };
    expect(body.linkset.map((c) => c.anchor)).toEqual([`${origin}/01/${GTIN}/21/S1`, `${origin}/01/${GTIN}`]);
  }
});

test('the linkset validates against the GS1 linkset schema: every link has its target, its link type and a title', async () => {
  const doc = await linksetOf(`/01/${GTIN}/21/S1`);
  expect(gs1LinksetProblems(doc)).toEqual([]);
  expect(doc.linkset.map((c) => c.itemDescription)).toEqual([`GTIN ${GTIN}, serial S1`, 'Crew neck white t-shirt']);
});

test('media types are IANA-shaped and the default link is also described with a descriptive link type', async () => {
  const [gtinLevel] = (await linksetOf(`/01/${GTIN}`)).linkset;
  const defaultHref = (gtinLevel?.[`${VOC}defaultLink`] as Array<{ href: string }>)[0]?.href;
  expect((gtinLevel?.[`${VOC}pip`] as Array<{ href: string }>).map((l) => l.href)).toContain(defaultHref);
  expect((gtinLevel?.[`${VOC}certificationInfo`] as Array<{ type: string }>)[0]?.type).toBe('application/pdf');
});

test('one link is the default, and it carries no optional attributes', async () => {
  const [gtinLevel] = (await linksetOf(`/01/${GTIN}`)).linkset;
  expect(gtinLevel?.[`${VOC}defaultLink`]).toEqual([{ href: 'https://brand.example/en/pip', title: 'Product' }]);
});

test('the linkset response links its JSON-LD context, and the description file declares it', async () => {
  expect((await get(`/01/${GTIN}?linkType=linkset`)).headers.link).toContain(
    'rel="http://www.w3.org/ns/json-ld#context"',
  );
  const description = JSON.parse((await get('/.well-known/gs1resolver')).body) as Record<string, unknown>;
  expect(description).toMatchObject({
    supportedPrimaryKeys: ['01'],
    jsonLdContextLocation: expect.stringMatching(/^https:\/\//),
  });
});

test('the resolver redirects to the default link unless the request allows a better match', async () => {
  expect((await get(`/01/${GTIN}`)).headers.location).toBe('https://brand.example/en/pip');
  expect((await get(`/01/${GTIN}`, { 'accept-language': 'fr' })).headers.location).toBe('https://brand.example/fr/pip');
});

test('any request URI, however granular, has a default link at its level or higher', async () => {
  expect((await get(`/01/${GTIN}/21/UNKNOWN`)).headers.location).toBe('https://brand.example/en/pip');
  expect((await get(`/01/${GTIN}/21/S1`)).headers.location).toBe('https://brand.example/dpp/S1');
});

test('the requested link type is redirected to when available, 404 when not', async () => {
  expect((await get(`/01/${GTIN}/21/S1?linkType=gs1:certificationInfo`)).headers.location).toBe(
    'https://brand.example/cert.pdf',
  );
  expect((await get(`/01/${GTIN}?linkType=${encodeURIComponent(`${VOC}epil`)}`)).status).toBe(404);
});

test('all key=value pairs of the query string are passed on when redirecting', async () => {
  expect((await get(`/01/${GTIN}?17=271231&campaign=spring`)).headers.location).toBe(
    'https://brand.example/en/pip?17=271231&campaign=spring',
  );
});

test('/.well-known/gs1resolver is served with the supported primary keys', async () => {
  const answer = await get('/.well-known/gs1resolver');
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ resolverRoot: `${origin}`, supportedPrimaryKeys: ['01'] });
});

test('a trailing slash is tolerated', async () => {
  expect((await get(`/01/${GTIN}/`)).headers.location).toBe('https://brand.example/en/pip');
});

test('a redirect exposes the linkset in a Link header', async () => {
  expect((await get(`/01/${GTIN}`)).headers.link).toBe(
    `<${origin}/01/${GTIN}?linkType=linkset>; rel="linkset"; type="application/linkset+json"; title="Linkset"`,
  );
});

test('a compressed URI gets the same status and redirect as its uncompressed form', async () => {
  const plain = await get(`/01/${GTIN}/21/S1?17=271231`);
  const compressed = await get(
    `/${compressDigitalLink([
      ['01', GTIN],
      ['21', 'S1'],
      ['17', '271231'],
    ])}`,
  );
  expect([compressed.status, compressed.headers.location]).toEqual([plain.status, plain.headers.location]);
});

test('a compressed URI is decompressed, answered without a redirect to its uncompressed form, which the Link header names as owl:sameAs', async () => {
  const answer = await get(
    `/${compressDigitalLink([
      ['01', GTIN],
      ['21', 'S1'],
    ])}`,
  );
  expect(answer.status).toBe(307);
  expect(answer.headers.location).toBe('https://brand.example/dpp/S1');
  expect(answer.headers.link).toContain(`<${origin}/01/${GTIN}/21/S1>; rel="owl:sameAs"`);
});

test("the subject of a compressed URI's linkset is the uncompressed URI", async () => {
  const doc = JSON.parse(
    (
      await get(
        `/${compressDigitalLink([
          ['01', GTIN],
          ['21', 'S1'],
        ])}?linkType=linkset`,
      )
    ).body,
  ) as { linkset: Array<{ anchor: string }> };
  expect(doc.linkset[0]?.anchor).toBe(`${origin}/01/${GTIN}/21/S1`);
});

test('the linkset schema check used above refuses what the GS1 schema refuses', () => {
  const link = { href: 'https://brand.example/pip', title: 'Product' };
  expect(gs1LinksetProblems({ linkset: [{ anchor: 'https://id.example/01/1', [`${VOC}pip`]: [link] }] })).toEqual([]);
  expect(
    gs1LinksetProblems({ linkset: [{ anchor: 'https://id.example/01/1', [`${VOC}pip`]: [{ href: link.href }] }] }),
  ).toHaveLength(1);
  expect(
    gs1LinksetProblems({
      linkset: [{ anchor: 'https://id.example/01/1', [`${VOC}pip`]: [{ ...link, context: 'FR', x: 1 }] }],
    }),
  ).toHaveLength(2);
  expect(gs1LinksetProblems({ linkset: [{ anchor: 'not a url', '@context': 'x' }], extra: true })).toHaveLength(3);
});
