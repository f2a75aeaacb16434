import { waitFor } from '@waymark/testkit';
import { startSystem, type DirectSystem } from '../system/support/system';
import { applyDeployPriorities } from '../system/support/scheduling';
import { onboardTenant, type Tenant } from '../system/support/tenant';
import { visit } from '../system/support/visitor';

/** Where the bench's webhook channel delivers: probe clicks arrive here. */
export const HOOK_PATH = '/bench-hooks';
const PLAN = 'bench';

/** The whole system with one tenant on a plan whose rate limit the load stays under (it measures work, not 429s). */
export async function startBenchSystem(): Promise<{ system: DirectSystem; tenant: Tenant }> {
  const system = await startSystem({ faultProxies: false });
  try {
    const plan = await system.operator.call('PUT', `/admin/v1/plans/${PLAN}`, {
      rateLimitPerMinute: 1_000_000,
      burst: 100_000,
      bulkRowCap: 500,
      exportsPerHour: 10,
    });
    if (plan.status !== 200) throw new Error(`plan: ${plan.status} ${plan.text}`);
    return { system, tenant: await onboardTenant(system, { plan: PLAN }) };
  } catch (error) {
    await system.stop();
    throw error;
  }
}

async function createLinks(
  tenant: Tenant,
  count: number,
  prefix: string,
  notifyChannels: string[] = [],
): Promise<string[]> {
  const codes: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      destination: `https://example.com/${prefix}/${start + i}`,
      code: `${prefix}-${start + i}`,
      notifyChannels,
    }));
    const reply = await tenant.api.call('POST', '/v1/links/bulk', { rows });
    if (reply.status !== 200) throw new Error(`bulk: ${reply.status} ${reply.text.slice(0, 300)}`);
    codes.push(...rows.map((r) => r.code));
  }
  return codes;
}

async function webhookChannel(system: DirectSystem, tenant: Tenant): Promise<string> {
  const config = { url: `${system.receiver.base}${HOOK_PATH}` };
  const channel = await tenant.api.call('POST', '/v1/channels', { type: 'webhook', name: 'bench', config });
  if (channel.status !== 201) throw new Error(`channel: ${channel.status} ${channel.text}`);
  const id = channel.body.id as string;
  // link-api learns channels from channels.v1: until then a link naming it is refused.
  const ready = { destination: 'https://example.com/p', code: 'bench-ready', notifyChannels: [id] };
  await waitFor(async () => (await tenant.api.call('POST', '/v1/links', ready)).status === 201, {
    timeoutMs: 30_000,
    intervalMs: 200,
    message: 'link-api to know the bench channel',
  });
  return id;
}

/**
 * The bench's links: `links` load links and `probes` probe links that notify the bench's webhook channel, known to
 * both redirectors and to analytics-ingest before this returns, so the clock starts on a system that has caught up;
 * then the services get the deploy files' priorities.
 */
export async function prepareBenchLinks(
  system: DirectSystem,
  tenant: Tenant,
  links: number,
  probes: number,
): Promise<{ codes: string[]; probeCodes: string[] }> {
  const channelId = await webhookChannel(system, tenant);
  const codes = await createLinks(tenant, links, 'load');
  const probeCodes = await createLinks(tenant, probes, 'probe', [channelId]);
  const last = probeCodes[probeCodes.length - 1] as string;
  await waitFor(
    async () => {
      for (const label of ['redirector-1', 'redirector-2']) {
        const port = system.services.get(label)?.port as number;
        if ((await visit(port, tenant.domain, `/${last}`, { method: 'HEAD' })).status !== 302) return false;
      }
      return true;
    },
    { timeoutMs: 60_000, intervalMs: 250, message: 'both redirectors to know the bench links' },
  );
  // analytics-ingest learns links from links.v1 and answers 404 for one it has not learned: a sample of them first.
  const sample = [...codes.filter((_, i) => i % 100 === 99), last];
  const known = async () =>
    (await Promise.all(sample.map((code) => tenant.api.raw('GET', `/v1/links/${code}/analytics?window=24h`)))).every(
      (r) => r.status === 200,
    );
  await waitFor(known, { timeoutMs: 60_000, intervalMs: 500, message: 'analytics-ingest to know the bench links' });
  // From here on, the priorities the deploy files give: visitors first when the machine is saturated (scheduling.ts).
  await applyDeployPriorities(system.services.values());
  return { codes, probeCodes };
}
