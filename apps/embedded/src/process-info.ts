import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ProcessInfo } from './postgres-lock-file';

/** Whether a process with this pid lives (a zombie counts as gone: it holds no port and no data folder). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it lives, under another user (the database server's, when the runner started as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return processInfo(pid) !== undefined;
}

/** The parent and command line of a live process; undefined when there is none. Linux reads /proc, others ask ps. */
export function processInfo(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are the state, then the parent pid.
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') return undefined;
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { parentPid: Number(parent), args };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && process.platform === 'linux') return undefined;
  }
  try {
    const line = execFileSync('ps', ['-o', 'ppid=', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(line);
    return match ? { parentPid: Number(match[1]), args: match[2]!.split(/\s+/) } : undefined;
  } catch {
    return undefined;
  }
}
