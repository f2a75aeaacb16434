import { existsSync } from 'node:fs';
import path from 'node:path';
import { ManagedProcess, waitFor } from '@waymark/testkit';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export type ServiceName =
  'link-api' | 'redirector' | 'analytics-ingest' | 'notifier' | 'gs1-catalog' | 'export-renderer';

export interface ServiceProcess {
  name: string;
  port: number;
  url: string;
  proc: ManagedProcess;
  /** Graceful stop (SIGTERM, then SIGKILL after the grace period). */
  stop(): Promise<void>;
}

const RUN_TS = require.resolve('@waymark/runtime/run-ts');

/**
 * The command line of a service's production entry point: its built main.js (the CI command builds before jest
 * runs), or with WAYMARK_E2E_FROM=sources its src/main.ts through swc (no build needed, slower to start).
 */
export function commandOf(service: ServiceName): string[] {
  if (process.env.WAYMARK_E2E_FROM === 'sources')
    return [RUN_TS, path.join(REPO_ROOT, 'services', service, 'src', 'main.ts')];
  const main = path.join(REPO_ROOT, 'services', service, 'dist', 'src', 'main.js');
  if (!existsSync(main)) {
    throw new Error(`${main} is missing: the end-to-end suite runs the built services; run \`npm run build\` first`);
  }
  return [main];
}

/**
 * Starts one service as its own node process (its production main.js, configured only through env) and waits
 * until its /readyz answers 200. `label` names the instance in errors (redirector-1, notifier-2...).
 */
export async function startServiceProcess(
  service: ServiceName,
  label: string,
  port: number,
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
): Promise<ServiceProcess> {
  const proc = new ManagedProcess(process.execPath, commandOf(service), {
    deathSignal: 'SIGKILL',
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const outcome = await waitFor(
      async () =>
        proc.hasExited ? 'exited' : (await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200 && 'ready',
      { timeoutMs: readyTimeoutMs, intervalMs: 200, message: `${label} to be ready` },
    );
    if (outcome === 'exited') throw proc.failure(`(${label}) exited during start-up`);
  } catch (error) {
    await proc.stop('SIGKILL');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${label} output:\n${proc.output()}`, {
      cause: error,
    });
  }
  return { name: label, port, url, proc, stop: async () => void (await proc.stop('SIGTERM', 10_000)) };
}
