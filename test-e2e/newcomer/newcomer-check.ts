import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from '@waymark/testkit';
import { verifiedDeliveries } from '../system/support/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../system/support/webhook-receiver';
import { visit } from '../system/support/visitor';
import { ensure, step, StepFailure } from './check-step';
import { CommandProcess } from './command-process';
import { adminAnswerOf, callApi, expectStatus } from './newcomer-api';
import { readReadmeFirstCommand } from './readme-command';
import { BANNER_END, parseStartBanner } from './start-banner';

/*
 * The newcomer path, run by .ci/run after the tests on a fresh clone: the README's first command as written, then the
 * first API calls a newcomer makes with what the start banner prints. Creates are never retried (an acknowledged
 * write must be usable at once); only what is documented to happen after the request (a click's webhook delivery and
 * its count in analytics) is waited for, with a deadline.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const MINUTE = 60_000;
const DEADLINES = {
  install: 15 * MINUTE,
  banner: 5 * MINUTE,
  admin: MINUTE,
  delivery: 30_000,
  analytics: 30_000,
  stop: MINUTE,
};

async function check(receiver: WebhookReceiver, started: CommandProcess[]): Promise<void> {
  const { line, commands } = await step("read the README's first command", () =>
    readReadmeFirstCommand(path.join(ROOT, 'README.md')),
  );
  const env = { ...process.env, WEBHOOK_HTTP_ALLOWED_HOSTS: new URL(receiver.base).host };
  const server = commands[commands.length - 1] as string[];
  for (const words of commands.slice(0, -1)) {
    await step(`run "${words.join(' ')}" (of "${line}")`, async () => {
      const command = new CommandProcess(words, { cwd: ROOT, env });
      started.push(command);
      const { code, signal } = await command.waitForExit(DEADLINES.install);
      ensure(code === 0, `exited with code ${code}, signal ${signal}:\n${command.tail()}`);
    });
  }
  const start = new CommandProcess(server, { cwd: ROOT, env });
  started.push(start);
  await step(`run "${server.join(' ')}" until its banner`, async () => {
    await start.waitForOutput(BANNER_END, DEADLINES.banner).catch((error: Error) => {
      throw new Error(`${error.message}:\n${start.tail()}`);
    });
  });
  const banner = await step('read the banner', () => parseStartBanner(start.text));
  const key = await step(`issue an API key with "${banner.keyCommand.join(' ')}"`, async () => {
    const admin = new CommandProcess(banner.keyCommand, { cwd: ROOT, env });
    started.push(admin);
    const { code } = await admin.waitForExit(DEADLINES.admin);
    ensure(code === 0, `exited with code ${code}:\n${admin.tail()}`);
    const issued = adminAnswerOf(admin.text).key;
    ensure(typeof issued === 'string' && issued.length > 0, `no "key" in its answer:\n${admin.tail()}`);
    return issued;
  });
  const api = (method: 'GET' | 'POST', route: string, body?: unknown) =>
    callApi(banner.apiUrl, key, method, route, body);

  await step('create a link with the key', async () =>
    expectStatus(await api('POST', '/v1/links', { destination: 'https://example.com/first' }), 201),
  );
  const hookPath = '/newcomer-hook';
  const channel = await step('create a webhook channel to the local receiver', async () => {
    const created = expectStatus(
      await api('POST', '/v1/channels', {
        type: 'webhook',
        name: 'newcomer check',
        config: { url: `${receiver.base}${hookPath}` },
      }),
      201,
    );
    ensure(typeof created.id === 'string', 'no channel id in the answer');
    ensure(
      typeof created.signingSecret === 'string' && created.signingSecret.startsWith('whsec_'),
      'no whsec_ signing secret in the answer',
    );
    return { id: created.id, secret: created.signingSecret };
  });
  const link = await step('create a link notifying the channel', async () => {
    const created = expectStatus(
      await api('POST', '/v1/links', { destination: 'https://example.com/notified', notifyChannels: [channel.id] }),
      201,
    );
    ensure(
      typeof created.code === 'string' && typeof created.shortUrl === 'string',
      'no code or shortUrl in the answer',
    );
    return { code: created.code, shortUrl: created.shortUrl, domain: new URL(created.shortUrl).host };
  });
  await step(`visit ${link.shortUrl} through the redirector at ${banner.redirectorUrl}`, async () => {
    const redirector = new URL(banner.redirectorUrl);
    const answer = await visit(Number(redirector.port || 80), link.domain, `/${link.code}`);
    ensure(answer.status === 302, `expected a 302, got ${answer.status}: ${answer.body.slice(0, 300)}`);
    ensure(answer.location === 'https://example.com/notified', `redirected to ${answer.location}`);
  });
  await step('receive the signed webhook delivery of the click', async () => {
    await waitFor(() => receiver.received.some((r) => r.path === hookPath && r.status < 300), {
      timeoutMs: DEADLINES.delivery,
      intervalMs: 100,
      message: `a delivery at ${receiver.base}${hookPath}`,
    });
    const [delivery] = verifiedDeliveries(receiver.received, hookPath, channel.secret);
    ensure(delivery !== undefined, 'no delivery verified');
    const { payload } = delivery;
    ensure(
      payload.event === 'click' && payload.code === link.code,
      `the delivery is not this link's click: ${JSON.stringify(payload)}`,
    );
    ensure(
      payload.shortUrl === link.shortUrl,
      `the delivery's shortUrl ${String(payload.shortUrl)} is not the link's ${link.shortUrl}`,
    );
  });
  await step('see the click counted in analytics', () =>
    waitFor(
      async () => {
        const answer = await api('GET', `/v1/links/${encodeURIComponent(link.code)}/analytics`);
        const totals = answer.body.totals as { total?: number } | undefined;
        return answer.status === 200 && (totals?.total ?? 0) >= 1;
      },
      {
        timeoutMs: DEADLINES.analytics,
        intervalMs: 250,
        message: `GET /v1/links/${link.code}/analytics to count the click`,
      },
    ),
  );
  await step(`stop "${server.join(' ')}" with SIGTERM`, async () => {
    start.signal('SIGTERM');
    const { code, signal } = await start.waitForExit(DEADLINES.stop);
    ensure(code === 0, `exited with code ${code}, signal ${signal}:\n${start.tail()}`);
    await waitFor(() => !start.groupAlive(), { timeoutMs: 10_000, message: 'every process it started to exit' });
  });
}

async function main(): Promise<number> {
  // The default data folder, as a newcomer's; removed afterwards only when this check created it.
  const dataDir = path.join(ROOT, '.waymark');
  const createdDataDir = process.env.WAYMARK_DATA_DIR === undefined && !existsSync(dataDir);
  const receiver = await startWebhookReceiver({ host: '127.0.0.1' });
  const started: CommandProcess[] = [];
  try {
    await check(receiver, started);
    process.stdout.write('newcomer check passed\n');
    return 0;
  } catch (error) {
    const failure = error instanceof StepFailure ? error : new StepFailure('(outside any step)', String(error));
    process.stderr.write(`${failure.message}\n`);
    return 1;
  } finally {
    for (const command of started.reverse()) {
      if (!command.exited) command.signal('SIGTERM');
      await command.waitForExit(DEADLINES.stop).catch(() => undefined);
      command.killGroup();
    }
    await receiver.stop();
    if (createdDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
