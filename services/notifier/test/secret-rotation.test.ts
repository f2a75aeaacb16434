import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { uniqueName, waitFor } from '@waymark/testkit';
import { SecretBox } from '../src/channels/domain/secret-box';
import { sealLegacyV1 } from './support/legacy-secret';
import {
  apiClient,
  clickFact,
  newTenant,
  publishClicks,
  startNotifier,
  testEnv,
  type StartedNotifier,
} from './support/notifier-harness';
import { useNotifierSuite } from './support/notifier-suite';

const newKey = () => randomBytes(32).toString('base64');

describe('rotating SECRET_ENCRYPTION_KEY', () => {
  const suite = useNotifierSuite();
  let db: Client | undefined;
  const running: StartedNotifier[] = [];
  suite.atEnd(async () => {
    for (const notifier of running) await notifier.service.stop();
    await db?.end();
  });

  // Each instance consumes clicks.v1 in a group of its own (from the start of the topic). The instances here follow one
  // another, and librdkafka's mock keeps a group whose last member left in a rebalance for the session timeout
  // (30 s) before it takes the next member, where Kafka would take it at once (initial rebalance delay).
  async function start(env: Record<string, string>, databaseUrl?: string): Promise<StartedNotifier> {
    const notifier = await startNotifier(
      suite.bus,
      { ...env, CLICKS_CONSUMER_GROUP: uniqueName('notifier-rotation') },
      databaseUrl,
    );
    running.push(notifier);
    return notifier;
  }

  async function stop(notifier: StartedNotifier): Promise<void> {
    await notifier.service.stop();
    running.splice(running.indexOf(notifier), 1);
  }

  const sealedSecrets = async (ids: string[]) =>
    (
      await (db as Client).query<{ id: string; sealed: string }>(
        'SELECT id, secret_ciphertext AS sealed FROM notifier.channel WHERE id = ANY($1) ORDER BY id',
        [ids],
      )
    ).rows;

  const unreadableGauge = async (notifier: StartedNotifier) => {
    const text = await (await fetch(`${notifier.baseUrl}/metrics`)).text();
    const match = /^notifier_signing_secrets_unreadable\{[^}]*\} (\d+)$/m.exec(text);
    return match ? Number(match[1]) : null;
  };

  it('re-seals old secrets with the new key, and webhooks stay signed with each channel’s own secret', async () => {
    const oldKey = newKey();
    const env = testEnv({
      SECRET_ENCRYPTION_KEY: oldKey,
      SECRET_RESEAL_INTERVAL: '1s',
      WEBHOOK_HTTP_ALLOWED_HOSTS: suite.receiver.allowEntry,
    });
    const first = await start(env);
    const tenant = await newTenant(suite.bus);
    let api = apiClient(first.baseUrl, tenant.apiKey);
    await api.ready();
    const created = [];
    for (const path of ['/rotation-a', '/rotation-b']) {
      const { status, body } = await api.call('POST', '/v1/channels', {
        type: 'webhook',
        name: path,
        config: { url: suite.receiver.url(path) },
      });
      expect(status).toBe(201);
      created.push(body as { id: string; signingSecret: string });
    }
    const [a, b] = created as [{ id: string; signingSecret: string }, { id: string; signingSecret: string }];
    db = new Client({ connectionString: first.databaseUrl });
    await db.connect();
    // Channel b's secret as an older notifier stored it: no key id.
    await db.query('UPDATE notifier.channel SET secret_ciphertext = $1 WHERE id = $2', [
      sealLegacyV1(oldKey, b.signingSecret, b.id),
      b.id,
    ]);
    await stop(first);

    const newKeyValue = newKey();
    const newKeyId = new SecretBox(newKeyValue).currentKeyId;
    const rotating = await start(
      { ...env, SECRET_ENCRYPTION_KEY: newKeyValue, SECRET_ENCRYPTION_PREVIOUS_KEYS: oldKey },
      first.databaseUrl,
    );
    const resealed = await waitFor(
      async () => {
        const rows = await sealedSecrets([a.id, b.id]);
        return rows.length === 2 && rows.every((row) => row.sealed.startsWith(`v2.${newKeyId}.`)) && rows;
      },
      { timeoutMs: 10_000, message: 'both secrets to be sealed with the new key' },
    );
    expect(resealed.map((row) => row.sealed).join()).not.toContain(a.signingSecret);
    expect(await unreadableGauge(rotating)).toBe(0);
    await stop(rotating);

    // The old key is gone now: the re-sealed secrets must be enough.
    const rotated = await start({ ...env, SECRET_ENCRYPTION_KEY: newKeyValue }, first.databaseUrl);
    api = apiClient(rotated.baseUrl, tenant.apiKey);
    await api.ready();
    await publishClicks(suite.bus, [clickFact(tenant.tenantId, [a.id, b.id])]);
    for (const [channel, path] of [
      [a, '/rotation-a'],
      [b, '/rotation-b'],
    ] as const) {
      const [request] = await waitFor(
        () => suite.receiver.requestsTo(path).length >= 1 && suite.receiver.requestsTo(path),
        {
          timeoutMs: 20_000,
          message: `a delivery to ${path}`,
        },
      );
      const headers = {
        'webhook-id': String(request?.headers['webhook-id']),
        'webhook-timestamp': String(request?.headers['webhook-timestamp']),
        'webhook-signature': String(request?.headers['webhook-signature']),
      };
      expect(new Webhook(channel.signingSecret).verify(request?.body ?? '', headers)).toEqual(
        JSON.parse(request?.body ?? ''),
      );
    }
    await stop(rotated);

    // A key that sealed none of them: nothing is overwritten, and the gauge says how many cannot be opened.
    const wrong = await start({ ...env, SECRET_ENCRYPTION_KEY: newKey() }, first.databaseUrl);
    await waitFor(async () => (await unreadableGauge(wrong)) === 2, {
      timeoutMs: 10_000,
      message: 'the gauge to count 2 unreadable secrets',
    });
    expect(await sealedSecrets([a.id, b.id])).toEqual(resealed);
  });
});
