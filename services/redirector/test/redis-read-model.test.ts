import { Redis } from 'ioredis';
import { getTestInfra, waitFor } from '@waymark/testkit';
import type { KafkaEventBus } from '@waymark/events';
import type { LinkState } from '@waymark/contracts';
import { TieredLinkStore } from '../src/links/infra/tiered-link-store';
import { entryKey, toLinkEntry } from '../src/shared-kernel/link-entry';
import { newLink, newTenant, publishLinks, publishTenant } from './support/fixtures';
import { connectBus, silentLogger, startRedirector, type StartedRedirector } from './support/redirector-harness';
import { visit } from './support/visit-client';

const tenant = newTenant();
const host = tenant.defaultDomain;
let bus: KafkaEventBus;
const clients: Redis[] = [];
const instances: StartedRedirector[] = [];
const redis = () => {
  const client = new Redis(getTestInfra().redis.url, { enableAutoPipelining: true });
  clients.push(client);
  return client;
};

beforeAll(async () => {
  bus = await connectBus(getTestInfra().kafka.brokers);
  await publishTenant(bus, tenant);
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await bus?.close();
  await Promise.all(clients.map((c) => c.quit()));
});

const locationOf = async (port: number, link: LinkState) =>
  (await visit(port, host, `/${link.code}`, { method: 'HEAD' })).headers.location;

test('with more links than the in-process tier holds, every link is served from the Redis tier and re-points reach it', async () => {
  const links = Array.from({ length: 8 }, (_, i) => newLink(tenant, { destination: `https://v1.example/${i}` }));
  await publishLinks(bus, links);
  const { brokers } = getTestInfra().kafka;
  const small = { READ_MODEL_MEMORY_MAX_LINKS: '2' };
  instances.push(await startRedirector(brokers, small, redis()), await startRedirector(brokers, small, redis()));
  for (const instance of instances) {
    for (const [i, link] of links.entries())
      expect(await locationOf(instance.service.port, link)).toBe(`https://v1.example/${i}`);
  }
  await publishLinks(
    bus,
    links.map((link, i) => ({ ...link, destination: `https://v2.example/${i}` })),
  );
  for (const instance of instances) {
    for (const [i, link] of links.entries()) {
      await waitFor(async () => (await locationOf(instance.service.port, link)) === `https://v2.example/${i}`, {
        timeoutMs: 2_000,
      });
    }
  }
  // A fresh instance replays the topic from the start; the offset check keeps it from writing old states back.
  instances.push(await startRedirector(brokers, small, redis()));
  for (const instance of instances) {
    for (const [i, link] of links.entries())
      expect(await locationOf(instance.service.port, link)).toBe(`https://v2.example/${i}`);
  }
});

test('the Redis tier keeps the state of the newest offset, tombstones included', async () => {
  const store = new TieredLinkStore({ redis: redis(), memoryMax: 1, logger: silentLogger() });
  const reader = new TieredLinkStore({ redis: redis(), memoryMax: 1, logger: silentLogger() });
  const link = newLink(tenant);
  const key = entryKey(link.domain, link.code);
  await store.apply(key, toLinkEntry({ ...link, destination: 'https://new.example/' }), { partition: 0, offset: '10' });
  await store.apply(key, toLinkEntry({ ...link, destination: 'https://old.example/' }), { partition: 0, offset: '9' });
  expect((await reader.get(key))?.destination).toBe('https://new.example/');
  await store.apply(key, null, { partition: 0, offset: '11' });
  await store.apply(key, toLinkEntry(link), { partition: 0, offset: '5' });
  const fresh = new TieredLinkStore({ redis: redis(), memoryMax: 1, logger: silentLogger() });
  expect(await fresh.get(key)).toBeUndefined();
});
