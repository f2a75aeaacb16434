import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ManagedProcess } from '@waymark/testkit';
import { REPO_ROOT } from './waymark-cli';

export interface EmbeddedSystem {
  dataDir: string;
  apiUrl: string;
  redirectorPort: number;
  defaultTenantId: string;
  stop(): Promise<void>;
}

/** The file `npm start` runs, read from the root package.json, so the CLI talks to what a user starts. */
function startTarget(): string {
  const script = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const match = /node\s+(\S+\.m?js)/.exec(script);
  if (!match?.[1]) throw new Error(`npm start runs no node file: ${script}`);
  return join(REPO_ROOT, match[1]);
}

/** The whole system in one process on free ports and a fresh data folder, as `npm start` runs it. */
export async function startEmbeddedSystem(webhookHost: string): Promise<EmbeddedSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-cli-'));
  const names = [
    'API',
    'POSTGRES',
    'S3',
    'LINK_API',
    'REDIRECTOR',
    'ANALYTICS',
    'NOTIFIER',
    'GS1_CATALOG',
    'EXPORT_RENDERER',
  ];
  const ports: Record<string, number> = {};
  for (const name of names) ports[name] = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WAYMARK_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WAYMARK_DEFAULT_DOMAIN: `localhost:${ports.REDIRECTOR}`,
    WEBHOOK_HTTP_ALLOWED_HOSTS: webhookHost,
  };
  for (const name of names) env[`WAYMARK_${name}_PORT`] = String(ports[name]);
  const proc = new ManagedProcess(process.execPath, [startTarget()], { deathSignal: 'SIGTERM', env, cwd: REPO_ROOT });
  try {
    await proc.waitForLine(/Waymark is running/, 180_000);
  } catch (error) {
    await proc.stop('SIGTERM', 30_000);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as {
    apiUrl: string;
    defaultTenantId: string;
  };
  return {
    dataDir,
    apiUrl: state.apiUrl,
    redirectorPort: ports.REDIRECTOR as number,
    defaultTenantId: state.defaultTenantId,
    async stop() {
      await proc.stop('SIGTERM', 30_000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
