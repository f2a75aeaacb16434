import { getTestInfra, waitFor } from '@waymark/testkit';
import { shortUrlOf, type ClickFact, type LinkState } from '@waymark/contracts';
import type { KafkaEventBus } from '@waymark/events';
import { deleteLink, newLink, newTenant, publishLinks, publishTenant } from './support/fixtures';
import { collectClicks, connectBus, startRedirector, type StartedRedirector } from './support/redirector-harness';
import { visit } from './support/visit-client';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const tenant = newTenant({
  branding: {
    name: 'Acme <script>alert(1)</script>',
    primaryColor: 'red;}</style><script>x()</script>',
    fallbackUrl: 'javascript:alert(1)',
  },
});
const host = tenant.defaultDomain;
let bus: KafkaEventBus;
let redirector: StartedRedirector;
let clicks: ClickFact[];
let stopClicks: () => Promise<void>;
const links: Record<string, LinkState> = {};

beforeAll(async () => {
  const { brokers } = getTestInfra().kafka;
  bus = await connectBus(brokers);
  links.active = newLink(tenant, { destination: 'https://shop.example/landing?ref=qr#top' });
  links.disabled = newLink(tenant, { status: 'disabled' });
  links.deleted = newLink(tenant);
  links.expired = newLink(tenant, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
  await publishTenant(bus, tenant);
  await publishLinks(bus, Object.values(links));
  await deleteLink(bus, links.deleted as LinkState);
  redirector = await startRedirector(brokers, { TRUSTED_PROXIES: '127.0.0.1' });
  const collected = await collectClicks(bus, tenant.id);
  clicks = collected.events;
  stopClicks = () => collected.subscription.stop();
});

afterAll(async () => {
  await stopClicks?.();
  await redirector?.stop();
  await bus?.close();
});

const port = () => redirector.service.port;
const clicksOf = (code: string) => clicks.filter((c) => c.code === code);

test('an active link redirects with 302, forbids caching and passes the query on without the scan marker', async () => {
  const link = links.active as LinkState;
  const answer = await visit(port(), host, `/${link.code}?utm_source=flyer&s=q&x=%20y`, {
    headers: { 'user-agent': BROWSER, referer: 'https://news.example/' },
  });
  expect(answer.status).toBe(302);
  expect(answer.headers.location).toBe('https://shop.example/landing?ref=qr&utm_source=flyer&x=%20y#top');
  expect(answer.headers['cache-control']).toBe('private, no-store, max-age=0');
  const [event] = await waitFor(() => clicksOf(link.code).length > 0 && clicksOf(link.code), {
    message: 'the click event',
  });
  expect(event).toMatchObject({
    event: 'click',
    source: 'qr',
    code: link.code,
    shortUrl: shortUrlOf(host, link.code),
    title: link.title,
    destination: link.destination,
    tags: link.tags,
    createdAt: link.createdAt,
    ua: BROWSER,
    referer: 'https://news.example/',
    customerId: tenant.id,
    tenantId: tenant.id,
    domain: host,
    bot: false,
    method: 'GET',
    notifyChannels: ['ch_1'],
    version: 1,
  });
  expect(event?.ip).toBe('127.0.0.1');
  expect(Math.abs((event?.ts ?? 0) - Date.parse(event?.at ?? ''))).toBe(0);
  expect(event?.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
});

test('a plain click is counted with source click; X-Forwarded-For is honoured from a trusted proxy', async () => {
  const link = newLink(tenant, { code: `xff${Date.now()}` });
  await publishLinks(bus, [link]);
  await waitFor(async () => (await visit(port(), host, `/${link.code}`, { method: 'HEAD' })).status === 302, {
    message: 'the new link',
  });
  await visit(port(), host, `/${link.code}`, { headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': BROWSER } });
  const [event] = await waitFor(() => clicksOf(link.code).length > 0 && clicksOf(link.code));
  expect(event).toMatchObject({ source: 'click', ip: '203.0.113.7', referer: null });
});

test('HEAD answers like GET but is not counted', async () => {
  const link = newLink(tenant);
  await publishLinks(bus, [link]);
  const head = await waitFor(async () => {
    const a = await visit(port(), host, `/${link.code}`, { method: 'HEAD' });
    return a.status === 302 && a;
  });
  expect(head.headers.location).toBe(link.destination);
  expect(head.body).toBe('');
  await visit(port(), host, `/${link.code}?after=head`, { headers: { 'user-agent': BROWSER } });
  await waitFor(() => clicksOf(link.code).length > 0);
  expect(clicksOf(link.code).map((c) => c.method)).toEqual(['GET']);
});

test('link-preview and crawler user agents are flagged as bots but still redirected', async () => {
  const link = newLink(tenant);
  await publishLinks(bus, [link]);
  await waitFor(async () => (await visit(port(), host, `/${link.code}`, { method: 'HEAD' })).status === 302);
  const answer = await visit(port(), host, `/${link.code}`, {
    headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
  });
  expect(answer.status).toBe(302);
  const [event] = await waitFor(() => clicksOf(link.code).length > 0 && clicksOf(link.code));
  expect(event?.bot).toBe(true);
});

test.each([
  ['disabled', () => (links.disabled as LinkState).code],
  ['deleted', () => (links.deleted as LinkState).code],
  ['unknown', () => 'no-such-code'],
])('a %s link gets the branded 404 page and no click', async (_state, code) => {
  const answer = await visit(port(), host, `/${code()}`, { headers: { 'user-agent': BROWSER } });
  expect(answer.status).toBe(404);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.headers['cache-control']).toContain('no-store');
  expect(answer.body).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(clicksOf(code())).toEqual([]);
});

test('an unknown domain gets a plain 404 page', async () => {
  const answer = await visit(port(), 'nobody.example', '/abc');
  expect(answer.status).toBe(404);
  expect(answer.body).not.toContain('Acme');
});

test('an expired link gets the 410 expiry page with the branding escaped and no unsafe link or colour', async () => {
  const answer = await visit(port(), host, `/${(links.expired as LinkState).code}`);
  expect(answer.status).toBe(410);
  expect(answer.headers.location).toBeUndefined();
  expect(answer.body).toContain('Link expired');
  expect(answer.body).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(answer.body).not.toMatch(/<script/i);
  expect(answer.body).not.toContain('javascript:');
  expect(clicksOf((links.expired as LinkState).code)).toEqual([]);
});

test('/metrics counts visitor answers by status', async () => {
  const counted = async (status: number): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${port()}/metrics`)).text();
    const match = new RegExp(`^redirector_visits_total\\{[^}]*status="${status}"[^}]*\\} (\\d+)$`, 'm').exec(text);
    return match ? Number(match[1]) : 0;
  };
  const [found, missing] = [await counted(302), await counted(404)];
  await visit(port(), host, `/${(links.active as LinkState).code}`, { headers: { 'user-agent': BROWSER } });
  await visit(port(), host, '/no-such-code');
  await visit(port(), 'nobody.example', '/abc');
  expect(await counted(302)).toBe(found + 1);
  expect(await counted(404)).toBe(missing + 2);
});

test('/metrics counts click events published as a _total counter, and the read model lag per partition', async () => {
  const scrape = async () => (await fetch(`http://127.0.0.1:${port()}/metrics`)).text();
  const published = (text: string) =>
    Number(/^redirector_clicks_published_total\{[^}]*\} (\d+)$/m.exec(text)?.[1] ?? NaN);
  const before = await scrape();
  expect(before).toContain('# TYPE redirector_clicks_published_total counter');
  expect(before).toContain('# TYPE redirector_clicks_dropped_total counter');
  await visit(port(), host, `/${(links.active as LinkState).code}`, { headers: { 'user-agent': BROWSER } });
  await waitFor(async () => published(await scrape()) === published(before) + 1, {
    timeoutMs: 10_000,
    message: 'the click published',
  });
  expect(before).toMatch(/^event_consumer_lag_messages\{[^}]*topic="links\.v1"[^}]*\} \d+$/m);
});
