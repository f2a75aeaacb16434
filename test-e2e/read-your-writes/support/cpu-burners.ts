import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * One busy process per core for as long as a test runs: read models then lag their topics the way they do on a
 * loaded production host, which is when an acknowledged write and the next request race.
 */
export function startCpuBurners(): { stop(): Promise<void> } {
  const burners: ChildProcess[] = cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return {
    stop: async () => {
      await Promise.all(
        burners.map(
          (burner) =>
            new Promise<void>((resolve) => {
              if (burner.exitCode !== null || burner.signalCode !== null) return resolve();
              burner.once('exit', () => resolve());
              burner.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
