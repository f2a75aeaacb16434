import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../src';

/** Running, and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function serverPidsOf(fixture: ChildProcessWithoutNullStreams): Promise<number[]> {
  let stdout = '';
  let stderr = '';
  fixture.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  fixture.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const report = await waitFor(
    () => {
      if (fixture.exitCode !== null) throw new Error(`the fixture exited: ${stderr}`);
      return stdout.includes('\n') ? (JSON.parse(stdout) as { pids: number[] }) : undefined;
    },
    { timeoutMs: 30_000, message: 'the fixture to start postgres, redis and the kafka mock' },
  );
  return report.pids;
}

describe('processes started by the test kit', () => {
  it('die with the process that started them, even when it is killed outright', async () => {
    const fixture = spawn(
      process.execPath,
      ['-r', join(__dirname, 'fixtures', 'ts-require.js'), join(__dirname, 'fixtures', 'start-and-hang.ts')],
      { stdio: 'pipe' },
    );
    try {
      const pids = await serverPidsOf(fixture);
      expect(pids).toHaveLength(3);
      expect(pids.every(running)).toBe(true);

      fixture.kill('SIGKILL');

      await waitFor(() => !pids.some(running), { timeoutMs: 15_000, message: `processes ${pids.join(', ')} to exit` });
    } finally {
      fixture.kill('SIGKILL');
    }
  }, 60_000);
});
