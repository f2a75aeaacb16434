import { appendFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClickFact } from '@waymark/contracts';
import { createLogger } from '@waymark/logging';
import { encodeClickFact, type EncodedClick } from '../click-visit';
import { ClickSpool } from './click-spool';

const logger = createLogger({ service: 'test', level: 'silent' });
const fact = (n: number, ua = ''): ClickFact => ({
  version: 1,
  eventId: `e${n}`,
  event: 'click',
  source: 'click',
  code: 'c',
  shortUrl: 'https://d.example/c',
  title: '',
  destination: 'https://x.example/',
  tags: {},
  createdAt: '2026-01-01T00:00:00Z',
  ts: n,
  at: '2026-01-01T00:00:00Z',
  ip: '127.0.0.1',
  ua,
  referer: null,
  customerId: 't',
  tenantId: 't',
  domain: 'd.example',
  bot: false,
  method: 'GET',
  notifyChannels: [],
});
const click = (n: number, ua = ''): EncodedClick => encodeClickFact(fact(n, ua));

async function drain(spool: ClickSpool, max: number): Promise<string[]> {
  const ids: string[] = [];
  for (let chunk = await spool.read(max); chunk; chunk = await spool.read(max)) {
    ids.push(...chunk.clicks.map((c) => c.eventId));
    await chunk.commit();
  }
  return ids;
}

test('events come back in order, a reopened spool resumes after the last commit, and replayed files are removed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spool-'));
  const first = await ClickSpool.open(dir, 1 << 20, logger);
  await first.append([1, 2, 3, 4, 5].map((n) => click(n)));
  const chunk = await first.read(2);
  expect(chunk?.clicks.map((c) => c.eventId)).toEqual(['e1', 'e2']);
  await chunk?.commit();
  await first.append([6].map((n) => click(n)));

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
  await spool.append([1, 2, 3, 4, 5].map((n) => click(n)));
  expect(spool.droppedCount).toBe(2);
  expect(await drain(spool, 10)).toEqual(['e1', 'e2', 'e3']);
});

test('a line cut short by a crash is skipped, the rest is replayed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spool-'));
  const spool = await ClickSpool.open(dir, 1 << 20, logger);
  await spool.append([1, 2].map((n) => click(n)));
  const [segment] = readdirSync(dir).filter((f) => f.endsWith('.ndjson'));
  appendFileSync(join(dir, segment as string), '{"version":1,"eventId":"cut');
  const reopened = await ClickSpool.open(dir, 1 << 20, logger);
  expect(await drain(reopened, 10)).toEqual(['e1', 'e2']);
});

test('a replayed record is the event that was spooled, and sizes count UTF-8 bytes, so non-ASCII events are all replayed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spool-'));
  const spool = await ClickSpool.open(dir, 1 << 20, logger);
  const spooled = [1, 2, 3].map((n) => click(n, 'Mozilla/5.0 (Linux; \u00e9\u00e8\u00ea) \u{1f600}'));
  await spool.append(spooled.slice(0, 2));
  const first = await spool.read(10);
  expect(first?.clicks).toEqual(spooled.slice(0, 2));
  await spool.append(spooled.slice(2));
  await first?.commit();
  // Counted in characters, the commit of the first two would have taken more bytes off than were counted in.
  expect(spool.hasData()).toBe(true);
  expect(spool.bytes).toBe(Buffer.byteLength(`${spooled[2]!.json}\n`));
  expect(await drain(spool, 10)).toEqual(['e3']);
});

test('a read takes at most maxBytes of lines (so a replayed batch stays under the brokers limit), one line at least', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spool-'));
  const spool = await ClickSpool.open(dir, 1 << 20, logger);
  const clicks = [1, 2, 3, 4, 5, 6, 7].map((n) => click(n, 'x'.repeat(100 * n)));
  await spool.append(clicks);
  const line = (n: number) => Buffer.byteLength(`${clicks[n - 1]!.json}\n`);
  const first = await spool.read(100, line(1) + line(2) + line(3));
  expect(first?.clicks.map((c) => c.eventId)).toEqual(['e1', 'e2', 'e3']);
  await first?.commit();
  const second = await spool.read(100, line(4) + line(5) - 1);
  expect(second?.clicks.map((c) => c.eventId)).toEqual(['e4']);
  await second?.commit();
  const oversized = await spool.read(100, 10);
  expect(oversized?.clicks.map((c) => c.eventId)).toEqual(['e5']);
  await oversized?.commit();
  expect(await drain(spool, 100)).toEqual(['e6', 'e7']);
});
