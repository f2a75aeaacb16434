import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** The command `npm install` puts on the PATH of the workspace (`npx waymark`), run as a user runs it. */
export const WAYMARK_BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'waymark');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `waymark ARGS` in its own process (in the repository, unless `cwd`); `input` is written to its stdin. */
export function startWaymark(
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  cwd = REPO_ROOT,
): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(WAYMARK_BIN, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin?.end(input ?? '');
  const done = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

export function waymark(args: string[], env: NodeJS.ProcessEnv, input?: string, cwd?: string): Promise<CliResult> {
  return startWaymark(args, env, input, cwd).done;
}

/** Runs a command expected to succeed with --json and returns its parsed output. */
export async function waymarkJson<T = Record<string, unknown>>(
  args: string[],
  env: NodeJS.ProcessEnv,
  expectedCode = 0,
): Promise<T> {
  const result = await waymark([...args, '--json'], env);
  if (result.code !== expectedCode) {
    throw new Error(
      `waymark ${args.join(' ')} exited ${result.code} (expected ${expectedCode}):\n${result.stderr}\n${result.stdout}`,
    );
  }
  return JSON.parse(result.stdout) as T;
}
