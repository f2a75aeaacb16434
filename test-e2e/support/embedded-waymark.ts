import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, ManagedProcess } from '@waymark/testkit';

const REPO_ROOT = resolve(__dirname, '..', '..');
const PORT_NAMES = ['API', 'POSTGRES', 'S3', 'LINK_API', 'REDIRECTOR', 'ANALYTICS', 'NOTIFIER', 'GS1_CATALOG', 'EXPORT_RENDERER'];

export interface EmbeddedWaymark {
  apiUrl: string;
  /** The port visitors reach the redirector on; the short URL's host goes in the Host header. */
  visitorPort: number;
  operatorToken: string;
  stop(): Promise<void>;
}

/** The file `npm start` runs, read from the root package.json, so a test starts what a user starts. */
function startTarget(): string {
  const script = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const match = /node\s+(\S+\.m?js)/.exec(script);
  if (!match?.[1]) throw new Error(`npm start runs no node file: ${script}`);
  return join(REPO_ROOT, match[1]);
}

/**
 * The embedded mode (all six services in one process) on free ports with a fresh data directory; plain-http
 * webhooks are allowed to `localhost`, where tests run their receivers. Needs the build (`npm run build`).
 */
export async function startEmbeddedWaymark(): Promise<EmbeddedWaymark> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-embedded-'));
  const ports: Record<string, number> = {};
  for (const name of PORT_NAMES) ports[name] = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WAYMARK_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WAYMARK_DEFAULT_DOMAIN: `localhost:${ports.REDIRECTOR}`,
    WEBHOOK_HTTP_ALLOWED_HOSTS: 'localhost',
  };
  for (const name of PORT_NAMES) env[`WAYMARK_${name}_PORT`] = String(ports[name]);
  const proc = new ManagedProcess(process.execPath, [startTarget()], { deathSignal: 'SIGTERM', env, cwd: REPO_ROOT });
  try {
    await proc.waitForLine(/Waymark is running/, 180_000);
  } catch (error) {
    await proc.stop('SIGTERM', 30_000);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    apiUrl: `http://127.0.0.1:${ports.API}`,
    visitorPort: ports.REDIRECTOR as number,
    operatorToken: readFileSync(join(dataDir, 'secrets', 'operator-token'), 'utf8').trim(),
    async stop() {
      await proc.stop('SIGTERM', 30_000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
