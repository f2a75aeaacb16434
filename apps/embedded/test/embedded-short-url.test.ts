import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedRunnerEnv, ManagedProcess, waitFor } from '@waymark/testkit';

const MAIN = resolve(__dirname, '..', 'dist', 'main.js');
const BRANDED = 'go.acme.test';

jest.setTimeout(240_000);

/** A plain-http GET to the redirector's port with the Host a browser on the branded domain would send. */
function visit(port: number, host: string, path: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host, 'user-agent': 'Mozilla/5.0' }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('the embedded mode on a branded domain', () => {
  let dataDir: string;
  let proc: ManagedProcess | undefined;
  let receiver: Server;
  const delivered: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        delivered.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
  });

  afterAll(async () => {
    await proc?.stop('SIGTERM', 30_000);
    await new Promise((closed) => receiver.close(closed));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers a click made over plain http with the API's https shortUrl of the link", async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'waymark-short-url-'));
    const hookHost = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const { ports, env } = await embeddedRunnerEnv(dataDir, { WEBHOOK_HTTP_ALLOWED_HOSTS: hookHost });
    proc = new ManagedProcess(process.execPath, [MAIN], { deathSignal: 'SIGTERM', env });
    await proc.waitForLine(/Waymark is running/, 180_000);

    const api = `http://127.0.0.1:${ports.API}`;
    const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as {
      defaultTenantId: string;
      operatorToken: string;
    };
    const admin = (path: string, body: unknown) =>
      fetch(`${api}/admin/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${state.operatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await admin(`/tenants/${state.defaultTenantId}/domains`, { name: BRANDED, verified: true })).status).toBe(
      201,
    );
    const { key } = (await (
      await admin(`/tenants/${state.defaultTenantId}/keys`, { scopes: ['links:write', 'notifications:write'] })
    ).json()) as { key: string };
    const post = (path: string, body: unknown) =>
      fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Until read-your-writes lands (issue 26), a new key, channel or domain reaches the other services a moment later.
    const created = (path: string, body: unknown) =>
      waitFor(
        async () => {
          const answer = await post(path, body);
          return answer.status === 201 ? ((await answer.json()) as Record<string, unknown>) : undefined;
        },
        { timeoutMs: 15_000, message: `201 from POST ${path}` },
      );
    const channel = await created('/v1/channels', {
      type: 'webhook',
      name: 'hook',
      config: { url: `http://${hookHost}/hook` },
    });
    const link = await created('/v1/links', {
      destination: 'https://example.com/branded',
      domain: BRANDED,
      notifyChannels: [channel.id],
    });
    expect(link.shortUrl).toBe(`https://${BRANDED}/${String(link.code)}`);

    await waitFor(async () => (await visit(ports.REDIRECTOR as number, BRANDED, `/${String(link.code)}`)) === 302, {
      timeoutMs: 15_000,
      message: 'the link to redirect',
    });
    const [delivery] = await waitFor(() => delivered.length > 0 && delivered, {
      timeoutMs: 30_000,
      message: 'the webhook delivery',
    });
    expect(JSON.parse(delivery as string)).toMatchObject({ code: link.code, shortUrl: link.shortUrl });
  });
});
