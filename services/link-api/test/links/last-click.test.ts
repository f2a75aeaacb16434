import { randomUUID } from 'node:crypto';
import { linkActivityTopic, type LinkActivity } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import { waitForGroupToCatchUp } from '../support/group-progress';
import { call, sql, withLinksApiAndTenant, type Api, type TestTenant } from '../support/links-fixture';

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

/** A link-activity.v1 value as analytics-ingest publishes it: `link` last clicked at `ts`. */
function activity(link: LinkBody, ts: number): LinkActivity {
  return {
    version: 1,
    eventId: randomUUID(),
    tenantId: tenant.id,
    domain: link.domain,
    code: link.code,
    linkCreatedAt: link.createdAt,
    lastClickAt: new Date(ts).toISOString(),
  };
}

const publish = (records: LinkActivity[]) =>
  api.bus.publish(
    linkActivityTopic,
    records.map((value) => ({ key: linkActivityTopic.keyOf(value), value })),
  );
const fetchLink = async (code: string): Promise<LinkBody> =>
  (await call(api, tenant.key, 'GET', `/v1/links/${code}`)).body;
const create = async (code: string): Promise<LinkBody> =>
  (await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/', code })).body;

describe('lastClickAt from link-activity.v1', () => {
  it('is the newest click of the link; older and redelivered records never move it back', async () => {
    const link = await create('clicked');
    expect(link.lastClickAt).toBeNull();
    const base = Date.parse(link.createdAt) + 60_000;
    // Out of order within one batch: the newest wins.
    await publish([activity(link, base + 2_000), activity(link, base), activity(link, base + 1_000)]);
    await waitFor(async () => (await fetchLink('clicked')).lastClickAt === new Date(base + 2_000).toISOString(), {
      message: 'lastClickAt',
      timeoutMs: 20_000,
    });

    // A redelivered record and an older one: handled (committed by the group), no effect.
    await publish([activity(link, base + 2_000), activity(link, base - 5_000)]);
    await waitForGroupToCatchUp(api.config.LINK_ACTIVITY_CONSUMER_GROUP, linkActivityTopic.name);
    const after = await fetchLink('clicked');
    expect(after.lastClickAt).toBe(new Date(base + 2_000).toISOString());
    expect(after.updatedAt).toBe(link.updatedAt);
  });

  it('never lands on a new link that took the code of a deleted one', async () => {
    const old = await create('reborn');
    expect((await call(api, tenant.key, 'DELETE', '/v1/links/reborn')).status).toBe(204);
    const reborn = await create('reborn');
    await publish([
      activity(old, Date.parse(reborn.createdAt) + 5_000),
      activity(reborn, Date.parse(reborn.createdAt) + 1_000),
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
