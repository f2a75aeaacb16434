import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { embeddedRunnerEnv, ManagedProcess, waitFor } from '@waymark/testkit';

const MAIN = resolve(__dirname, '..', 'dist', 'main.js');
const BACKUP_MAIN = resolve(__dirname, '..', 'dist', 'backup-main.js');
const run = promisify(execFile);

jest.setTimeout(300_000);

describe('backup and restore of the embedded data folder', () => {
  let work: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: Record<string, number>;

  beforeAll(async () => {
    if (!existsSync(MAIN) || !existsSync(BACKUP_MAIN)) throw new Error('run "npm run build" first');
    work = mkdtempSync(join(tmpdir(), 'waymark-backup-'));
    chmodSync(work, 0o711); // PostgreSQL runs as its own user when the tests run as root
    dataDir = join(work, 'data');
    ({ ports, env } = await embeddedRunnerEnv(dataDir));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const start = async () => {
    const proc = new ManagedProcess(process.execPath, [MAIN], { deathSignal: 'SIGTERM', env });
    await proc.waitForLine(/Waymark is running/, 180_000);
    return proc;
  };
  const cli = (...args: string[]) => run(process.execPath, [BACKUP_MAIN, ...args], { env });
  const api = () => `http://127.0.0.1:${ports.API}`;

  it('brings back links, API keys and export files after the folder is wiped', async () => {
    const archive = join(work, 'waymark-backup.tar.gz');
    let proc = await start();
    let key: string;
    let jobId: string;
    let zip: Buffer;
    try {
      const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8'));
      const token = readFileSync(join(dataDir, 'secrets', 'operator-token'), 'utf8').trim();
      const keyResponse = await fetch(`${api()}/admin/v1/tenants/${state.defaultTenantId}/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ scopes: ['links:read', 'links:write', 'gs1:read', 'gs1:write'] }),
      });
      expect(keyResponse.status).toBe(201);
      key = ((await keyResponse.json()) as { key: string }).key;
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${api()}${path}`, {
          method,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      await waitFor(
        async () =>
          (await call('POST', '/v1/links', { destination: 'https://example.com/kept', code: 'kept' })).status === 201,
        {
          timeoutMs: 10_000,
          message: 'the link to be created',
        },
      );
      const bulk = await call('POST', '/v1/gs1/links/bulk', {
        records: [{ gtin: '09506000134352', destination: 'https://example.com/p' }],
      });
      expect(bulk.status).toBe(200);
      const created = await call('POST', '/v1/gs1/exports', { name: 'kept', formats: ['svg'] });
      expect(created.status).toBe(202);
      jobId = ((await created.json()) as { jobId: string }).jobId;
      const job = await waitFor(
        async () => {
          const body = (await (await call('GET', `/v1/gs1/exports/${jobId}`)).json()) as {
            status: string;
            downloadUrl?: string;
          };
          return body.status === 'ready' && body;
        },
        { timeoutMs: 120_000, intervalMs: 500, message: 'the export to be ready' },
      );
      zip = Buffer.from(await (await fetch(job.downloadUrl as string)).arrayBuffer());
      expect(zip.length).toBeGreaterThan(100);

      // Stop-the-world: refused while the database runs on the folder.
      await expect(cli('backup', archive)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/needs Waymark stopped/),
      });
      expect(existsSync(archive)).toBe(false);
    } finally {
      await proc.stop('SIGTERM', 30_000);
    }

    await cli('backup', archive);
    rmSync(dataDir, { recursive: true, force: true });
    await cli('restore', archive);
    // Restoring over data that is there again is refused.
    await expect(cli('restore', archive)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/not empty/),
    });
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['postgres', 'objects', 'secrets', 'embedded.json']));

    proc = await start();
    try {
      const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8'));
      const visit = await fetch(`http://${state.defaultDomain}/kept`, { redirect: 'manual' });
      expect({ status: visit.status, location: visit.headers.get('location') }).toEqual({
        status: 302,
        location: 'https://example.com/kept',
      });
      const headers = { 'x-api-key': key };
      const job = (await (await fetch(`${api()}/v1/gs1/exports/${jobId}`, { headers })).json()) as {
        status: string;
        downloadUrl: string;
      };
      expect(job.status).toBe('ready');
      expect(Buffer.from(await (await fetch(job.downloadUrl)).arrayBuffer()).equals(zip)).toBe(true);
    } finally {
      await proc.stop('SIGTERM', 30_000);
    }
  });
});
