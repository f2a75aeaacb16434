import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedRunnerEnv, ManagedProcess } from '@waymark/testkit';
import { startWebhookReceiver, type WebhookReceiver } from '../system/support/webhook-receiver';
import { BOUND_P99_MS, failuresOf } from './support/run-checks';
import { runChecksInOwnProcess } from './support/own-process';

jest.setTimeout(900_000);

const REPO_ROOT = resolve(__dirname, '..', '..');

/** The file `npm start` runs, read from the root package.json, so this test starts what a user starts. */
function startTarget(): string {
  const script = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const match = /node\s+(\S+\.m?js)/.exec(script);
  if (!match?.[1]) throw new Error(`npm start runs no node file: ${script}`);
  return join(REPO_ROOT, match[1]);
}

// The embedded mode: all six services in one process on the in-process bus.
describe('read-your-writes in the embedded mode', () => {
  let dataDir: string;
  let receiver: WebhookReceiver;
  let proc: ManagedProcess | undefined;
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'waymark-ryw-'));
    receiver = await startWebhookReceiver();
    const started = await embeddedRunnerEnv(dataDir, { WEBHOOK_HTTP_ALLOWED_HOSTS: 'localhost' });
    Object.assign(ports, started.ports);
    const env = started.env;
    proc = new ManagedProcess(process.execPath, [startTarget()], { deathSignal: 'SIGTERM', env, cwd: REPO_ROOT });
    await proc.waitForLine(/Waymark is running/, 180_000);
  }, 240_000);

  afterAll(async () => {
    await proc?.stop('SIGTERM', 30_000);
    await receiver?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers every request that depends on an acknowledged write as if the write were applied everywhere', async () => {
    const operatorToken = readFileSync(join(dataDir, 'secrets', 'operator-token'), 'utf8').trim();
    const report = await runChecksInOwnProcess(
      {
        apiUrl: `http://127.0.0.1:${ports.API}`,
        operatorToken,
        visitorPort: ports.REDIRECTOR as number,
        webhookBase: receiver.base,
      },
      'embedded mode',
    );
    expect(failuresOf(report)).toEqual([]);
    for (const bound of report.bounds)
      expect({ bound: bound.name, withinBound: bound.p99Ms < BOUND_P99_MS }).toEqual({
        bound: bound.name,
        withinBound: true,
      });
  });
});
