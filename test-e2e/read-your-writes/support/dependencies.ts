import { randomBytes } from 'node:crypto';
import { gs1CheckDigit } from '@waymark/gs1';
import { call, visit, type RywTarget } from './ryw-target';
import { addVerifiedDomain, expectStatus, issueKey, newDomainName, onboard, type RywTenant } from './tenant-setup';

/** One cross-service dependency: a write, then at once the request that depends on it. Throws on a wrong answer. */
export interface Dependency {
  name: string;
  attempt(target: RywTarget, tenant: RywTenant, round: number): Promise<void>;
}

/** A change that must take effect everywhere within a bound: how long after its acknowledgement it did. */
export interface Bound {
  name: string;
  /** Resolves with the milliseconds from the acknowledgement until every dependent answer reflected the change. */
  measure(target: RywTarget, tenant: RywTenant): Promise<number>;
}

const READS = ['/v1/links', '/v1/channels', '/v1/analytics', '/v1/gs1/links', '/v1/gs1/exports'];

function expectEvery(answers: { status: number; text: string }[], expected: number, what: string[]): void {
  const wrong = answers.flatMap((answer, i) =>
    answer.status === expected ? [] : [`${what[i]} ${answer.status} ${answer.text.slice(0, 120)}`],
  );
  if (wrong.length > 0) throw new Error(wrong.join('; '));
}

function gtin13(seed: string): string {
  const body = `950600${String(parseInt(seed, 16) % 1_000_000).padStart(6, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

const code = () => `ryw${randomBytes(5).toString('hex')}`;

async function createLink(target: RywTarget, key: string, body: Record<string, unknown> = {}) {
  const answer = await call(target, { apiKey: key }, 'POST', '/v1/links', {
    destination: 'https://example.com/ryw',
    code: code(),
    ...body,
  });
  expectStatus(answer, 201, 'create link');
  return answer.body as { code: string; domain: string };
}

export const DEPENDENCIES: Dependency[] = [
  {
    name: 'an issued API key authenticates at every service',
    async attempt(target, tenant) {
      const { key } = await issueKey(target, tenant.id);
      expectEvery(await Promise.all(READS.map((path) => call(target, { apiKey: key }, 'GET', path))), 200, READS);
    },
  },
  {
    name: 'a new tenant (domain, default domain, key) can create a link at once',
    async attempt(target) {
      const fresh = await onboard(target);
      await createLink(target, fresh.key);
    },
  },
  {
    name: 'a domain verified just now accepts links and GS1 records',
    async attempt(target, tenant, round) {
      const domain = newDomainName();
      await addVerifiedDomain(target, tenant.id, domain);
      await createLink(target, tenant.key, { domain });
      const gtin = gtin13(randomBytes(3).toString('hex'));
      const bulk = await call(target, { apiKey: tenant.key }, 'POST', '/v1/gs1/links/bulk', {
        records: [{ gtin, batch: `D${round}`, domain, destination: 'https://brand.example/ryw' }],
      });
      expectStatus(bulk, 200, 'GS1 bulk');
      if (bulk.body.created !== 1)
        throw new Error(`GS1 record on the new domain not created: ${bulk.text.slice(0, 200)}`);
    },
  },
  {
    name: 'an entitlement granted just now is honoured',
    async attempt(target, tenant, round) {
      expectStatus(
        await call(target, 'operator', 'PUT', `/admin/v1/tenants/${tenant.id}/entitlements`, { entitlements: [] }),
        200,
        'revoke entitlement',
      );
      expectStatus(
        await call(target, 'operator', 'PUT', `/admin/v1/tenants/${tenant.id}/entitlements`, {
          entitlements: ['resolver'],
        }),
        200,
        'grant entitlement',
      );
      const bulk = await call(target, { apiKey: tenant.key }, 'POST', '/v1/gs1/links/bulk', {
        records: [
          {
            gtin: gtin13(randomBytes(3).toString('hex')),
            batch: `E${round}`,
            linkset: [
              { linkType: 'gs1:pip', href: 'https://brand.example/pip', default: true },
              { linkType: 'gs1:recipeInfo', href: 'https://brand.example/recipes' },
            ],
          },
        ],
        upsert: true,
      });
      expectStatus(bulk, 200, 'GS1 bulk');
      if (bulk.body.failed !== 0)
        throw new Error(`record needing the resolver entitlement refused: ${bulk.text.slice(0, 200)}`);
    },
  },
  {
    name: 'a new channel can be named by a link',
    async attempt(target, tenant, round) {
      const channel = await call(target, { apiKey: tenant.key }, 'POST', '/v1/channels', {
        type: 'webhook',
        name: `ryw ${round}`,
        config: { url: `${target.webhookBase}/ryw/${round}` },
      });
      expectStatus(channel, 201, 'create channel');
      await createLink(target, tenant.key, { notifyChannels: [channel.body.id] });
    },
  },
  {
    name: 'a new link has analytics (zero counts) at once',
    async attempt(target, tenant) {
      const link = await createLink(target, tenant.key);
      const analytics = await call(target, { apiKey: tenant.key }, 'GET', `/v1/links/${link.code}/analytics`);
      expectStatus(analytics, 200, 'link analytics');
    },
  },
  {
    name: 'a new link redirects on its first visit',
    async attempt(target, tenant) {
      const link = await createLink(target, tenant.key);
      const answer = await visit(target, link.domain, `/${link.code}`);
      if (answer.status !== 302) throw new Error(`first visit answered ${answer.status}`);
    },
  },
  {
    name: 'a new GS1 record resolves on its first scan',
    async attempt(target, tenant, round) {
      const gtin = gtin13(randomBytes(3).toString('hex'));
      const bulk = await call(target, { apiKey: tenant.key }, 'POST', '/v1/gs1/links/bulk', {
        records: [{ gtin, batch: `S${round}`, destination: 'https://brand.example/scan' }],
        upsert: true,
      });
      expectStatus(bulk, 200, 'GS1 bulk');
      const answer = await visit(target, tenant.domain, `/01/0${gtin}/10/S${round}`);
      if (answer.status !== 307) throw new Error(`first scan answered ${answer.status}`);
    },
  },
];

/** Polls `effective` until it holds; resolves with the time since `since`. */
async function until(effective: () => Promise<boolean>, since: number, what: string): Promise<number> {
  const deadline = since + 10_000;
  while (!(await effective())) {
    if (Date.now() > deadline) throw new Error(`${what} not effective after 10 s`);
    // Gently: the probes are requests too, and a tight loop of them would slow down what it measures.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - since;
}

export const BOUNDS: Bound[] = [
  {
    name: 'a revoked key is refused at every service',
    async measure(target, tenant) {
      const { id, key } = await issueKey(target, tenant.id);
      expectEvery(await Promise.all(READS.map((path) => call(target, { apiKey: key }, 'GET', path))), 200, READS);
      expectStatus(await call(target, 'operator', 'POST', `/admin/v1/keys/${id}/revoke`), 200, 'revoke key');
      const since = Date.now();
      return until(
        async () =>
          (await Promise.all(READS.map((path) => call(target, { apiKey: key }, 'GET', path)))).every(
            (a) => a.status === 401,
          ),
        since,
        'revocation',
      );
    },
  },
  {
    name: 'a disabled link stops redirecting',
    async measure(target, tenant) {
      const link = await createLink(target, tenant.key);
      expectStatus(
        await call(target, { apiKey: tenant.key }, 'PATCH', `/v1/links/${link.code}`, { status: 'disabled' }),
        200,
        'disable link',
      );
      const since = Date.now();
      return until(async () => (await visit(target, link.domain, `/${link.code}`)).status === 404, since, 'disable');
    },
  },
  {
    name: 'a deleted channel can no longer be named by a link',
    async measure(target, tenant) {
      const channel = await call(target, { apiKey: tenant.key }, 'POST', '/v1/channels', {
        type: 'webhook',
        name: 'gone',
        config: { url: `${target.webhookBase}/gone` },
      });
      expectStatus(channel, 201, 'create channel');
      expectStatus(
        await call(target, { apiKey: tenant.key }, 'DELETE', `/v1/channels/${channel.body.id}`),
        204,
        'delete channel',
      );
      const since = Date.now();
      // Channels are checked before destination screening: a screened-out destination makes the probe a 422 while the
      // channel is known and a 400 once it is gone, and never creates a link.
      const probe = { destination: 'http://127.0.0.1/probe', notifyChannels: [channel.body.id] };
      return until(
        async () => (await call(target, { apiKey: tenant.key }, 'POST', '/v1/links', probe)).status === 400,
        since,
        'channel delete',
      );
    },
  },
];
