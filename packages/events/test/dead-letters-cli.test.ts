import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { clicksTopic, type ClickFact } from '@waymark/contracts';
import { startKafkaMock, uniqueName, waitFor, type StartedKafkaMock } from '@waymark/testkit';
import {
  DEAD_LETTER_HEADERS,
  deadLetterTopicOf,
  KafkaEventBus,
  REPLAYED_FROM_HEADER,
  type IncomingMessage,
} from '../src';
import { RecordingLogger } from './contract/fixtures';

const run = promisify(execFile);
// The built CLI, as an operator runs it (npm run build precedes the tests).
const CLI = path.resolve(__dirname, '../dist/src/cli/dead-letters.js');

const click = (eventId: string): ClickFact => ({
  version: 1,
  eventId,
  event: 'click',
  source: 'click',
  code: 'c',
  shortUrl: 'https://d.example/c',
  title: '',
  destination: 'https://x.example/',
  tags: {},
  createdAt: '2026-01-01T00:00:00Z',
  ts: 1,
  at: '2026-01-01T00:00:00Z',
  ip: '127.0.0.1',
  ua: '',
  referer: null,
  customerId: 't',
  tenantId: 't',
  domain: 'd.example',
  bot: false,
  method: 'GET',
  notifyChannels: [],
});

const parkedHeaders = (group: string, offset: string) => ({
  [DEAD_LETTER_HEADERS.topic]: clicksTopic.name,
  [DEAD_LETTER_HEADERS.partition]: '3',
  [DEAD_LETTER_HEADERS.offset]: offset,
  [DEAD_LETTER_HEADERS.group]: group,
  [DEAD_LETTER_HEADERS.error]: 'Error: the bug',
  [DEAD_LETTER_HEADERS.parkedAt]: '2026-11-25T00:00:00.000Z',
});

// A private cluster: clicks.v1 and its dead-letter topic are the real names, which no other test may touch.
describe('the dead-letters command against a Kafka cluster', () => {
  jest.setTimeout(120_000);
  let kafka: StartedKafkaMock;
  let bus: KafkaEventBus;
  const cli = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], {
      env: { ...process.env, KAFKA_BROKERS: kafka.brokers.join(','), LOG_LEVEL: 'warn' },
    });

  beforeAll(async () => {
    kafka = await startKafkaMock();
    bus = await KafkaEventBus.connect({
      brokers: kafka.brokers,
      clientId: uniqueName('cli-test'),
      logger: new RecordingLogger(),
    });
    // As the bus parks them: the original key and value, the origin in headers.
    await bus.publish({ ...deadLetterTopicOf(clicksTopic), keyOf: () => 'd.example/c' }, [
      { key: 'd.example/c', value: click('good-1'), headers: parkedHeaders('analytics-ingest', '17') },
      {
        key: 'd.example/c',
        value: { ...click('bad-1'), bot: 'maybe' },
        headers: parkedHeaders('analytics-ingest', '18'),
      },
    ]);
  });

  afterAll(async () => {
    await bus?.close();
    await kafka?.stop();
  });

  it('lists the dead letters as JSON lines, replays the valid one once, and says what it did', async () => {
    const listed = (await cli('list', '--topic', 'clicks.v1')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(listed).toEqual([
      expect.objectContaining({
        origin: 'clicks.v1:3:17',
        parkedBy: 'analytics-ingest',
        error: 'Error: the bug',
        validNow: true,
      }),
      expect.objectContaining({
        origin: 'clicks.v1:3:18',
        validNow: false,
        invalidReason: expect.stringMatching(/bot/),
      }),
    ]);

    const replayed = await cli('replay', '--topic', 'clicks.v1');
    expect(JSON.parse(replayed.stdout)).toEqual({ read: 2, replayed: 1, stillInvalid: 1, skipped: 0 });
    expect(replayed.stderr).toContain('dead letter still invalid; not replayed');

    const seen: IncomingMessage<ClickFact>[] = [];
    const reader = await bus.subscribe({
      topic: clicksTopic,
      mode: 'broadcast',
      handleBatch: async (batch) => void seen.push(...batch),
    });
    await waitFor(() => seen.length >= 1, { timeoutMs: 30_000, message: 'the replayed click in clicks.v1' });
    await reader.stop();
    expect(seen.map((m) => m.value?.eventId)).toEqual(['good-1']);
    expect(seen[0]?.headers[REPLAYED_FROM_HEADER]).toMatch(/^\d+:\d+$/);

    expect(JSON.parse((await cli('replay', '--topic', 'clicks.v1')).stdout)).toEqual({
      read: 0,
      replayed: 0,
      stillInvalid: 0,
      skipped: 0,
    });
  });

  it('exits 64 with the reason on a usage error, before connecting anywhere', async () => {
    const failed = await cli('replay', '--topic', 'links.v1').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(64);
    expect(failed?.stderr).toMatch(/links\.v1 is compacted/);
  });
});
