import { lstatSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** What the embedded mode records for the CLI in its data folder (`.waymark/embedded.json`). */
export interface EmbeddedState {
  apiUrl?: string;
  operatorToken?: string;
}

/** The file's state, or why it was not used (a sentence for a note on stderr); neither when there is no file. */
export interface EmbeddedStateRead {
  state?: EmbeddedState;
  refused?: string;
}

/** The embedded mode's state file: in WAYMARK_DATA_DIR, else `.waymark/` of WAYMARK_HOME, else of the working folder. */
export function embeddedStateFile(env: NodeJS.ProcessEnv, cwd: string): string {
  if (env.WAYMARK_DATA_DIR) return path.resolve(cwd, env.WAYMARK_DATA_DIR, 'embedded.json');
  return path.resolve(env.WAYMARK_HOME ?? cwd, '.waymark', 'embedded.json');
}

/** 127.0.0.0/8, ::1 and `localhost`: an address that never leaves this machine. */
export function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '::ffff:7f00:1' || /^::ffff:127\./.test(host);
}

/**
 * Reads the state file only when it can be the embedded mode's own: a regular file (not a link) owned by the
 * current user and readable by nobody else (the embedded mode writes it 0600; a git checkout or a download makes
 * files 0644), whose `apiUrl` is a loopback address. A file that a cloned repository or an archive brought along
 * therefore never chooses where a key or the operator token is sent.
 */
export function readEmbeddedState(file: string): EmbeddedStateRead {
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return {};
  }
  const refuse = (why: string): EmbeddedStateRead => ({ refused: `ignoring ${file}: ${why}` });
  if (!stat.isFile()) return refuse('it is not a regular file');
  if (process.getuid && stat.uid !== process.getuid()) return refuse('it is not owned by you');
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    return refuse('others may read or write it (the embedded mode writes it with mode 0600)');
  }
  let parsed: Partial<Record<keyof EmbeddedState, unknown>> | null;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as typeof parsed;
  } catch {
    return refuse('it is not valid JSON');
  }
  const apiUrl = typeof parsed?.apiUrl === 'string' ? parsed.apiUrl : undefined;
  if (apiUrl !== undefined && !isLoopbackUrl(apiUrl)) return refuse('its apiUrl is not a loopback address');
  const operatorToken = typeof parsed?.operatorToken === 'string' ? parsed.operatorToken : undefined;
  return { state: { apiUrl, operatorToken } };
}
