import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedRunnerEnv, ManagedProcess } from '@waymark/testkit';

const REPO_ROOT = resolve(__dirname, '..', '..');
export interface EmbeddedWaymark {
  apiUrl: string;
  /** The port visitors reach the redirector on; the short URL's host goes in the Host header. */
  visitorPort: number;
  operatorToken: string;
  defaultTenantId: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedWaymarkOptions {
  /** `host:port` entries plain-http webhooks may go to (`WEBHOOK_HTTP_ALLOWED_HOSTS`); none by default. */
  webhookHosts?: string;
  /** More environment for the process (overrides the defaults above). */
  env?: NodeJS.ProcessEnv;
}

/** The file `npm start` runs, read from the root package.json, so a test starts what a user starts. */
function startTarget(): string {
  const script = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const match = /node\s+(\S+\.m?js)/.exec(script);
  if (!match?.[1]) throw new Error(`npm start runs no node file: ${script}`);
  return join(REPO_ROOT, match[1]);
}

/**
 * The embedded mode (all six services in one process) on free ports with a fresh data directory, started as
 * `npm start` starts it; plain-http webhooks are allowed to the receivers named in `webhookHosts`. Needs the build.
 */
export async function startEmbeddedWaymark(options: EmbeddedWaymarkOptions = {}): Promise<EmbeddedWaymark> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-embedded-'));
  const { ports, env } = await embeddedRunnerEnv(dataDir, {
    WEBHOOK_HTTP_ALLOWED_HOSTS: options.webhookHosts ?? '',
    ...options.env,
  });
  const proc = new ManagedProcess(process.execPath, [startTarget()], { deathSignal: 'SIGTERM', env, cwd: REPO_ROOT });
  const stop = async () => {
    await proc.stop('SIGTERM', 30_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await proc.waitForLine(/Waymark is running/, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as { defaultTenantId: string };
  return {
    apiUrl: `http://127.0.0.1:${ports.API}`,
    visitorPort: ports.REDIRECTOR as number,
    operatorToken: readFileSync(join(dataDir, 'secrets', 'operator-token'), 'utf8').trim(),
    defaultTenantId: state.defaultTenantId,
    dataDir,
    stop,
  };
}

/** A key of the embedded system's default tenant, issued through the operator API, with the given scopes. */
export async function issueTenantKey(system: EmbeddedWaymark, scopes: readonly string[]): Promise<string> {
  const response = await fetch(`${system.apiUrl}/admin/v1/tenants/${system.defaultTenantId}/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${system.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scopes }),
  });
  if (response.status !== 201) throw new Error(`issuing a key answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}
