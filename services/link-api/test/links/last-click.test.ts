import { randomUUID } from 'node:crypto';
import { clicksTopic, linkKey, type ClickFact } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import { waitForGroupToCatchUp } from './group-progress';
import { call, sql, withLinksApiAndTenant, type Api, type TestTenant } from './links-fixture';

let api: Api;
let tenant: TestTenant;

withLinksApiAndTenant((started, owner) => ((api = started), (tenant = owner)));

interface LinkBody {
  code: string;
  domain: string;
  createdAt: string;
  updatedAt: string;
  lastClickAt: string | null;
}

/** A clicks.v1 value as the redirector emits it for `link` at `ts`. */
function click(link: LinkBody, ts: number, extra: Partial<ClickFact> = {}): ClickFact {
  return {
    version: 1,
    eventId: randomUUID(),
    event: 'click',
    source: 'click',
    code: link.code,
    shortUrl: `https://${link.domain}/${link.code}`,
    title: '',
    destination: 'https://example.com/',
    tags: {},
    createdAt: link.createdAt,
    ts,
    at: new Date(ts).toISOString(),
    ip: '192.0.2.1',
    ua: 'test',
    referer: null,
    customerId: tenant.id,
    tenantId: tenant.id,
    domain: link.domain,
    bot: false,
    method: 'GET',
    notifyChannels: [],
    ...extra,
  };
}

const publish = (facts: ClickFact[]) =>
  api.bus.publish(
    clicksTopic,
    facts.map((value) => ({ key: linkKey(value), value })),
  );
const fetchLink = async (code: string): Promise<LinkBody> =>
  (await call(api, tenant.key, 'GET', `/v1/links/${code}`)).body;
const create = async (code: string): Promise<LinkBody> =>
  (await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/', code })).body;

describe('lastClickAt from clicks.v1', () => {
  it('is the newest click of the link; older, redelivered and HEAD events never move it back', async () => {
    const link = await create('clicked');
    expect(link.lastClickAt).toBeNull();
    const base = Date.parse(link.createdAt) + 60_000;
    // Out of order within one batch: the newest wins.
    await publish([click(link, base + 2_000), click(link, base), click(link, base + 1_000)]);
    await waitFor(async () => (await fetchLink('clicked')).lastClickAt === new Date(base + 2_000).toISOString(), {
      message: 'lastClickAt',
      timeoutMs: 20_000,
    });

    // A redelivered old batch, an older click and a newer HEAD request: handled (committed by the group), no effect.
    await publish([
      click(link, base + 2_000),
      click(link, base - 5_000),
      click(link, base + 9_000, { method: 'HEAD' }),
    ]);
    await waitForGroupToCatchUp(api.config.CLICKS_CONSUMER_GROUP, clicksTopic.name);
    const after = await fetchLink('clicked');
    expect(after.lastClickAt).toBe(new Date(base + 2_000).toISOString());
    expect(after.updatedAt).toBe(link.updatedAt);
  });

  it('never lands on a new link that took the code of a deleted one', async () => {
    const old = await create('reborn');
    expect((await call(api, tenant.key, 'DELETE', '/v1/links/reborn')).status).toBe(204);
    const reborn = await create('reborn');
    await publish([
      click(old, Date.parse(reborn.createdAt) + 5_000),
      click(reborn, Date.parse(reborn.createdAt) + 1_000),
    ]);
    const expected = new Date(Date.parse(reborn.createdAt) + 1_000).toISOString();
    await waitFor(async () => (await fetchLink('reborn')).lastClickAt === expected, {
      message: 'click of the new link',
      timeoutMs: 20_000,
    });
    const rows = await sql<{ last_click_at: Date }>(api, 'SELECT last_click_at FROM link_api.link WHERE code = $1', [
      'reborn',
    ]);
    expect(rows.map((r) => r.last_click_at.toISOString())).toEqual([expected]);
  });
});
