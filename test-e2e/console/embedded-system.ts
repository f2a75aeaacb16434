import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningSystem {
  apiUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/** `node packages/embedded/dist/main.js` on free ports and a fresh data dir, plus a key with every scope. */
export async function startEmbeddedSystem(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-console-'));
  const names = [
    'POSTGRES',
    'S3',
    'API',
    'LINK_API',
    'REDIRECTOR',
    'ANALYTICS',
    'NOTIFIER',
    'GS1_CATALOG',
    'EXPORT_RENDERER',
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, WAYMARK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  for (const name of names) env[`WAYMARK_${name}_PORT`] = String(await freePort());
  env.WAYMARK_DEFAULT_DOMAIN = `localhost:${env.WAYMARK_REDIRECTOR_PORT}`;
  const main = resolve(__dirname, '..', '..', 'packages', 'embedded', 'dist', 'main.js');
  const child: ChildProcess = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Console:')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`embedded system did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as {
    apiUrl: string;
    operatorToken: string;
    defaultTenantId: string;
  };
  const response = await fetch(`${state.apiUrl}/admin/v1/tenants/${state.defaultTenantId}/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${state.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      scopes: ['links:read', 'links:write', 'analytics', 'analytics:read', 'qr'].concat([
        'notifications:read',
        'notifications:write',
        'gs1:read',
        'gs1:write',
      ]),
    }),
  });
  const { key } = (await response.json()) as { key: string };
  return {
    apiUrl: state.apiUrl,
    apiKey: key,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
