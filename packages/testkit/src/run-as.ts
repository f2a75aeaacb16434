import { readFileSync } from 'node:fs';
import type { RunAs } from './managed-process';

/**
 * PostgreSQL refuses to run as root. When the tests run as root (CI containers), the server runs as
 * the unprivileged `nobody` account that every Linux system has, so no user needs to be created.
 * Returns undefined when the current user can run it directly.
 */
export function unprivilegedIdentity(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      'running as root, but there is no "nobody" user to run PostgreSQL as; create one with: useradd -r nobody',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}
