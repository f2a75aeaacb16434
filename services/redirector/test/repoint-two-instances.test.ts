import { getTestInfra, waitFor } from '@waymark/testkit';
import type { KafkaEventBus } from '@waymark/events';
import { newLink, newTenant, publishLinks, publishTenant } from './support/fixtures';
import { connectBus, startRedirector, type StartedRedirector } from './support/redirector-harness';
import { visit } from './support/visit-client';

const tenant = newTenant();
const host = tenant.defaultDomain;
let bus: KafkaEventBus;
const instances: StartedRedirector[] = [];

beforeAll(async () => {
  const { brokers } = getTestInfra().kafka;
  bus = await connectBus(brokers);
  await publishTenant(bus, tenant);
  instances.push(await startRedirector(brokers), await startRedirector(brokers));
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await bus?.close();
});

/** Time from the acknowledged publish (what link-api's PATCH waits for) until `instance` answers `expected`. */
async function visibleAfter(
  port: number,
  path: string,
  check: (location: string | undefined, status: number) => boolean,
  since: number,
): Promise<number> {
  await waitFor(
    async () => {
      const answer = await visit(port, host, path, { method: 'HEAD' });
      return check(answer.headers.location as string | undefined, answer.status);
    },
    { timeoutMs: 2_000, intervalMs: 5, message: `the change at port ${port}` },
  );
  return Date.now() - since;
}

test('re-pointing and disabling a link is visible at two running instances within one second', async () => {
  const link = newLink(tenant, { destination: 'https://old.example/' });
  await publishLinks(bus, [link]);
  for (const i of instances)
    await visibleAfter(i.service.port, `/${link.code}`, (l) => l === 'https://old.example/', Date.now());

  const latencies: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const destination = `https://new.example/${round}`;
    const published = Date.now();
    await publishLinks(bus, [{ ...link, destination, updatedAt: new Date().toISOString() }]);
    const acked = Date.now();
    const seen = await Promise.all(
      instances.map((i) => visibleAfter(i.service.port, `/${link.code}`, (l) => l === destination, acked)),
    );
    latencies.push(...seen, acked - published);
  }
  const acked = Date.now();
  await publishLinks(bus, [{ ...link, status: 'disabled', updatedAt: new Date().toISOString() }]);
  const disabled = await Promise.all(
    instances.map((i) => visibleAfter(i.service.port, `/${link.code}`, (_l, status) => status === 404, acked)),
  );
  expect(Math.max(...disabled)).toBeLessThan(1_000);
  expect(Math.max(...latencies)).toBeLessThan(1_000);
});
