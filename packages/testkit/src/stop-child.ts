import type { ChildProcess } from 'node:child_process';

/** Ends a child with SIGTERM and waits for its exit, so a process started with `--cpu-prof` writes its profile. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
