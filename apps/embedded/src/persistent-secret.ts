import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Reads a secret from `file`, generating it on first start (never committed, never logged). The embedded mode keeps
 * its operator token, database password and encryption keys this way so a restart keeps working with the same data.
 */
export function persistentSecret(file: string, bytes = 32, encoding: 'base64url' | 'base64' = 'base64url'): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(bytes).toString(encoding);
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
