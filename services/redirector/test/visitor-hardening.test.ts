import { createHash } from 'node:crypto';
import { getTestInfra, waitFor } from '@waymark/testkit';
import type { KafkaEventBus } from '@waymark/events';
import { newLink, newTenant, publishLinks, publishTenant } from './support/fixtures';
import { connectBus, startRedirector, type StartedRedirector } from './support/redirector-harness';
import { visit } from './support/visit-client';

const tenant = newTenant({
  branding: { name: 'Acme', primaryColor: '#ff0000', logoUrl: 'https://cdn.example/logo.png' },
});
const host = tenant.defaultDomain;
// Stored before destinations were normalised: non-ASCII in the path and query, a Cyrillic letter in the host.
const legacy = newLink(tenant, {
  code: `legacy${Date.now()}`,
  destination: 'https://\u0430pple.example/caf\u00e9?q=\u65e5\u672c',
});
let bus: KafkaEventBus;
let redirector: StartedRedirector;

beforeAll(async () => {
  const { brokers } = getTestInfra().kafka;
  bus = await connectBus(brokers);
  await publishTenant(bus, tenant);
  await publishLinks(bus, [legacy]);
  // As the embedded mode starts it: visitors reach this listener directly.
  redirector = await startRedirector(brokers, { METRICS_ON_VISITOR_LISTENER: 'false' });
  await waitFor(async () => (await visit(redirector.service.port, host, `/${legacy.code}`)).status === 302, {
    message: 'the link in the read model',
  });
});

afterAll(async () => {
  await redirector?.stop();
  await bus?.close();
});

const port = () => redirector.service.port;

test('a destination stored with non-ASCII characters still redirects, with an ASCII Location', async () => {
  const answer = await visit(port(), host, `/${legacy.code}?from=caf%C3%A9`);
  expect(answer.status).toBe(302);
  expect(answer.headers.location).toBe('https://xn--pple-43d.example/caf%C3%A9?q=%E6%97%A5%E6%9C%AC&from=caf%C3%A9');
});

test('branded pages carry a strict CSP that admits their own style only, no framing, and a trimmed referrer', async () => {
  const page = await visit(port(), host, '/no-such-code');
  expect(page.status).toBe(404);
  const csp = String(page.headers['content-security-policy']);
  expect(csp).toMatch(/default-src 'none'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  const style = /<style>(.*)<\/style>/.exec(page.body)?.[1] ?? '';
  expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  expect(page.headers).toMatchObject({
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  });
});

test('JSON answers to visitors carry nosniff', async () => {
  const invalid = await visit(port(), host, '/01/123');
  expect(invalid.headers['content-type']).toMatch(/^application\/json/);
  expect(invalid.headers['x-content-type-options']).toBe('nosniff');
  const refused = await visit(port(), host, `/${legacy.code}`, { method: 'POST' });
  expect(refused.headers['x-content-type-options']).toBe('nosniff');
});

test('with metrics off the visitor listener, /metrics is a visitor path like any other; probes still answer', async () => {
  const metrics = await visit(port(), host, '/metrics');
  expect(metrics.status).toBe(404);
  expect(metrics.body).not.toMatch(/redirector|# HELP/);
  expect((await visit(port(), host, '/healthz')).status).toBe(200);
});
