import { appendFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClickFact } from '@waymark/contracts';
import { createLogger } from '@waymark/logging';
import { ClickSpool } from './click-spool';

const logger = createLogger({ service: 'test', level: 'silent' });
const fact = (n: number): ClickFact => ({
  version: 1, eventId: `e${n}`, event: 'click', source: 'click', code: 'c', shortUrl: 'https://d.example/c', title: '',
  destination: 'https://x.example/', tags: {}, createdAt: '2026-01-01T00:00:00Z', ts: n, at: '2026-01-01T00:00:00Z',
  ip: '127.0.0.1', ua: '', referer: null, customerId: 't', tenantId: 't', domain: 'd.example', bot: false, method: 'GET', notifyChannels: [],
});

async function drain(spool: ClickSpool, max: number): Promise<string[]> {
  const ids: string[] = [];
  for (let chunk = await spool.read(max); chunk; chunk = await spool.read(max)) {
    ids.push(...chunk.facts.map((f) => f.eventId));
    await chunk.commit();
  }
  return ids;
}

test('events come back in order, a reopened spool resumes after the last commit, and replayed files are removed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spool-'));
  const first = await ClickSpool.open(dir, 1 << 20, logger);
  await first.append([1, 2, 3, 4, 5].map(fact));
  const chunk = await first.read(2);
  expect(chunk?.facts.map((f) => f.eventId)).toEqual(['e1', 'e2']);
  await chunk?.commit();
  await first.append([6].map(fact));

  const reopened = await ClickSpool.open(dir, 1 << 20, logger);
  expect(reopened.hasData()).toBe(true);
  expect(await drain(reopened, 2)).toEqual(['e3', 'e4', 'e5', 'e6']);
  expect(reopened.hasData()).toBe(false);
  expect(readdirSync(dir).filter((f) => f.endsWith('.ndjson'))).toEqual([]);
});

test('the spool is bounded: beyond maxBytes events are dropped and counted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spool-'));
  const size = JSON.stringify(fact(1)).length + 1;
  const spool = await ClickSpool.open(dir, size * 3, logger);
  await spool.append([1, 2, 3, 4, 5].map(fact));
  expect(spool.droppedCount).toBe(2);
  expect(await drain(spool, 10)).toEqual(['e1', 'e2', 'e3']);
});

test('a line cut short by a crash is skipped, the rest is replayed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spool-'));
  const spool = await ClickSpool.open(dir, 1 << 20, logger);
  await spool.append([1, 2].map(fact));
  const [segment] = readdirSync(dir).filter((f) => f.endsWith('.ndjson'));
  appendFileSync(join(dir, segment as string), '{"version":1,"eventId":"cut');
  const reopened = await ClickSpool.open(dir, 1 << 20, logger);
  expect(await drain(reopened, 10)).toEqual(['e1', 'e2']);
});
