import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { SCOPES } from '@waymark/contracts';
import { createWaymarkClient } from '@waymark/sdk';
import { decodeQrSvg, waitFor } from '@waymark/testkit';
import { visit } from '../system/support/visitor';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../system/support/webhook-receiver';
import { verifiedDeliveries } from '../system/support/webhooks';
import { startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';
import { gs1Csv } from './support/gs1-csv';
import { startWaymark, waymark, waymarkJson } from './support/waymark-cli';

jest.setTimeout(900_000);

// The tenant CLI as a user runs it (`npx waymark ...`, a child process) against the embedded system.
describe('the waymark CLI against the embedded system', () => {
  let system: EmbeddedWaymark;
  let receiver: WebhookReceiver;
  let work: string;
  /** The user's environment: a config home of their own and nothing else set for the CLI. */
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    system = await startEmbeddedWaymark({ webhookHosts: new URL(receiver.base).host });
    work = mkdtempSync(join(tmpdir(), 'waymark-cli-work-'));
    const { WAYMARK_API_KEY: _k, WAYMARK_API_URL: _u, WAYMARK_OPERATOR_TOKEN: _t, ...rest } = process.env;
    env = { ...rest, XDG_CONFIG_HOME: join(work, 'config') };
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await receiver?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  /** GS1 links carrying `tag`, counted through the SDK (it waits out the plan's rate limit as Retry-After says). */
  const gs1Count = async (tag: string) => {
    const { apiKey } = JSON.parse(readFileSync(join(work, 'config', 'waymark', 'config.json'), 'utf8')) as {
      apiKey: string;
    };
    const api = createWaymarkClient({ baseUrl: system.apiUrl, apiKey, retry: { attempts: 6 } });
    let count = 0;
    for await (const _link of api.paginate('/v1/gs1/links', { query: { tags: tag, limit: 500 } })) count += 1;
    return count;
  };

  it('logs in with a key the operator issued through `waymark admin`, stored in a 0600 file', async () => {
    const operatorEnv = { ...env, WAYMARK_DATA_DIR: system.dataDir };
    const issued = await waymarkJson<{ key: string }>(
      ['admin', 'key', 'create', system.defaultTenantId, '--scopes', SCOPES.join(',')],
      operatorEnv,
    );
    expect(issued.key).toMatch(/^wm_/);

    const refused = await waymark(['login', '--api-url', system.apiUrl], env, 'wm_live_not-a-real-key\n');
    expect(refused.code).toBe(3);
    expect(existsSync(join(work, 'config', 'waymark', 'config.json'))).toBe(false);

    const login = await waymark(['login', '--api-url', system.apiUrl], env, `${issued.key}\n`);
    expect(login).toMatchObject({ code: 0 });
    const file = join(work, 'config', 'waymark', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ apiUrl: system.apiUrl, apiKey: issued.key });
    expect((await waymark(['links', 'list'], env)).code).toBe(0);
  });

  let channel: { id: string; signingSecret: string };
  let link: { code: string; shortUrl: string };

  it('creates a webhook channel and a link notifying it, and writes the link QR as an SVG that scans to it', async () => {
    channel = await waymarkJson(
      ['channels', 'create', 'webhook', '--name', 'cli hook', '--url', `${receiver.base}/cli-hook`],
      env,
    );
    expect(channel.signingSecret).toMatch(/^whsec_/);
    link = await waymarkJson(
      ['links', 'create', 'https://example.com/cli', '--code', 'cli-hello', '--notify', channel.id, '--tag', 'via=cli'],
      env,
    );
    expect(link).toMatchObject({ code: 'cli-hello', destination: 'https://example.com/cli', tags: { via: 'cli' } });

    const svgFile = join(work, 'cli-hello.svg');
    expect(await waymark(['links', 'qr', 'cli-hello', '--out', svgFile], env)).toMatchObject({ code: 0 });
    expect((await decodeQrSvg(readFileSync(svgFile, 'utf8'))).texts).toEqual([`${link.shortUrl}?s=q`]); // the scan marker the QR carries

    const listed = await waymark(['links', 'list'], env);
    expect(listed.stdout).toContain('cli-hello');
    expect((await waymark(['links', 'get', 'no-such-link'], env)).code).toBe(4);
  });

  it('a click is delivered to the channel (signed), listed by `deliveries` and counted in the analytics CSV', async () => {
    const { host, pathname } = new URL(link.shortUrl);
    expect((await visit(system.visitorPort, host, pathname)).status).toBe(302);
    await waitFor(() => receiver.received.some((r) => r.path === '/cli-hook' && r.status < 300), {
      timeoutMs: 30_000,
      message: 'a delivery',
    });
    const [delivery] = verifiedDeliveries(receiver.received, '/cli-hook', channel.signingSecret);
    expect(delivery?.payload).toMatchObject({ event: 'click', code: 'cli-hello' });

    await waitFor(
      async () => {
        const listed = await waymarkJson<{ deliveries: { outcome: string }[] }>(['deliveries', channel.id], env);
        return listed.deliveries.some((d) => d.outcome === 'delivered');
      },
      { timeoutMs: 30_000, intervalMs: 500, message: '`waymark deliveries` to list the delivered attempt' },
    );
    let csv = '';
    await waitFor(
      async () => {
        csv = (await waymark(['analytics', 'cli-hello', '--csv'], env)).stdout;
        const totals = csv.split('\n').find((line) => line.startsWith('totals,'));
        return Number(totals?.split(',')[2] ?? 0) >= 1;
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'the click in `waymark analytics --csv`' },
    );
    expect(csv.split('\n')[0]).toBe('section,key,total,clicks,scans,humans,bots,unique_visitors');
  });

  it('gets, tests, re-points a channel, rotates its secret and redelivers, both secrets verifying meanwhile', async () => {
    const got = await waymarkJson<{ id: string; signingSecret?: string }>(['channels', 'get', channel.id], env);
    expect(got).toMatchObject({ id: channel.id, config: { url: `${receiver.base}/cli-hook` } });
    expect(got.signingSecret).toBeUndefined();

    const verify = (secret: string, r: ReceivedWebhook) =>
      new Webhook(secret).verify(r.body, Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])));

    const sent = await waymarkJson<{ eventId: string; test: boolean }>(['channels', 'test', channel.id], env);
    expect(sent.test).toBe(true);
    const [testDelivery] = await waitFor(
      () => {
        const found = receiver.received.filter((r) => r.status < 300 && r.headers['webhook-id'] === sent.eventId);
        return found.length > 0 && found;
      },
      { timeoutMs: 30_000, message: 'the test event' },
    );
    expect(verify(channel.signingSecret, testDelivery as ReceivedWebhook)).toMatchObject({
      event: 'click',
      test: true,
    });

    const refused = await waymark(['channels', 'update', channel.id, '--url', 'https://127.0.0.1/hook'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('loopback');
    const moved = await waymarkJson(['channels', 'update', channel.id, '--url', `${receiver.base}/cli-moved`], env);
    expect(moved).toMatchObject({ config: { url: `${receiver.base}/cli-moved` } });

    const rotated = await waymarkJson<{ signingSecret: string; previousSecretExpiresAt: string }>(
      ['channels', 'rotate-secret', channel.id, '--overlap', '3600'],
      env,
    );
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    const log = await waymarkJson<{ deliveries: { deliveryId: string; eventId: string; test: boolean }[] }>(
      ['deliveries', channel.id],
      env,
    );
    const click = log.deliveries.find((d) => !d.test);
    expect(log.deliveries.some((d) => d.test && d.eventId === sent.eventId)).toBe(true);
    const again = await waymarkJson<{ eventId: string }>(
      ['deliveries', 'redeliver', channel.id, click?.deliveryId ?? ''],
      env,
    );
    expect(again.eventId).toBe(click?.eventId);
    const [redelivered] = await waitFor(
      () => {
        const found = receiver.received.filter(
          (r) => r.path === '/cli-moved' && r.status < 300 && r.headers['webhook-id'] === click?.eventId,
        );
        return found.length > 0 && found;
      },
      { timeoutMs: 30_000, message: 'the redelivery at the new URL' },
    );
    expect(verify(rotated.signingSecret, redelivered as ReceivedWebhook)).toMatchObject({ code: 'cli-hello' });
    expect(verify(channel.signingSecret, redelivered as ReceivedWebhook)).toMatchObject({ code: 'cli-hello' });
    channel = { ...channel, signingSecret: rotated.signingSecret };
  });

  it('imports 2,000 GS1 records from a CSV file, reporting the 10 bad rows with their lines in the error file', async () => {
    const bad = [7, 250, 499, 500, 777, 1000, 1234, 1500, 1801, 1999];
    const { text, badLines } = gs1Csv({ prefix: '400', rows: 2000, badRows: bad, printRows: 5 });
    const file = join(work, 'catalog.csv');
    writeFileSync(file, text);
    const result = await waymark(['gs1', 'import', file, '--json'], env);
    expect(result.code).toBe(6);
    // The default tenant's plan caps bulk requests at 100 rows: the CLI learns it from the API and sends 20 batches.
    expect(JSON.parse(result.stdout)).toMatchObject({
      requested: 2000,
      created: 1990,
      updated: 0,
      failed: 10,
      batches: 20,
    });
    const report = readFileSync(`${file}.errors.csv`, 'utf8').trim().split('\n');
    expect(report[0]).toBe('line,gtin,code,errorCode,error');
    expect(report.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(badLines);
    expect(existsSync(`${file}.waymark-import.json`)).toBe(false);
    expect(await gs1Count('cli')).toBe(1990);
  });

  it('imports a file whose rows hold a NUL and a lone surrogate, reporting those two rows alone', async () => {
    const { text } = gs1Csv({ prefix: '402', rows: 30, badRows: [] });
    const lines = text.replaceAll(',cli\n', ',unsafe\n').trim().split('\n');
    lines[4] = lines[4]!.replace(',L3,', ',L\u00003,');
    const file = join(work, 'unsafe.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const records = Array.from({ length: 5 }, (_, i) => ({ gtin: '9506000134352', batch: `J${i}` }));
    records[2]!.batch = 'J\ud800';
    const json = join(work, 'unsafe.json');
    writeFileSync(json, JSON.stringify(records.map((r) => ({ ...r, destination: 'https://example.com/j' }))));
    const csv = await waymark(['gs1', 'import', file, '--json'], env);
    expect(csv.code).toBe(6);
    expect(JSON.parse(csv.stdout)).toMatchObject({ requested: 30, created: 29, failed: 1 });
    expect(readFileSync(`${file}.errors.csv`, 'utf8')).toMatch(/^5,.*validation_failed,batch: must not contain a NUL/m);
    const fromJson = await waymark(['gs1', 'import', json, '--json'], env);
    expect(JSON.parse(fromJson.stdout)).toMatchObject({ requested: 5, failed: 1 });
    expect(readFileSync(`${json}.errors.csv`, 'utf8')).toMatch(/validation_failed,batch: must be valid Unicode/);
  });

  it('resumes an interrupted import without duplicating a record', async () => {
    const file = join(work, 'resumed.csv');
    writeFileSync(file, gs1Csv({ prefix: '401', rows: 2000, badRows: [] }).text.replaceAll(',cli\n', ',resume\n'));
    const args = ['gs1', 'import', file, '--batch-size', '100', '--json'];
    const first = startWaymark(args, env);
    const stateFile = `${file}.waymark-import.json`;
    const doneSoFar = () =>
      existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { done: number }).done : 0;
    await waitFor(() => doneSoFar() >= 500, {
      timeoutMs: 120_000,
      intervalMs: 20,
      message: 'five batches acknowledged',
    });
    first.child.kill('SIGKILL');
    await first.done;
    const interruptedAt = doneSoFar();
    expect(interruptedAt).toBeLessThan(2000);

    const resumed = await waymark(args, env);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      requested: 2000,
      created: 2000,
      updated: 0,
      failed: 0,
      resumedAt: interruptedAt,
    });
    expect(await gs1Count('resume')).toBe(2000);
  });

  it('creates an export, waits for it and downloads the zip into --out', async () => {
    const out = join(work, 'exports');
    const job = await waymarkJson<{ jobId: string; status: string; count: number; file: string }>(
      ['exports', 'create', '--tags', 'print', '--formats', 'svg', '--wait', '--out', out],
      env,
    );
    expect(job).toMatchObject({ status: 'ready', count: 5, file: join(out, `${job.jobId}.zip`) });
    expect(readdirSync(out)).toEqual([`${job.jobId}.zip`]);
    const names = Object.keys(unzipSync(readFileSync(job.file)));
    expect(names).toContain('manifest.csv');
    expect(names.filter((name) => name.endsWith('.svg'))).toHaveLength(5);
  });
});
