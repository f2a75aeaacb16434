import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CliError, EXIT } from '../exit-codes';
import { readUserConfig, userConfigPath } from './user-config';

/** The API a tenant command talks to, and with which key. */
export interface Credentials {
  apiUrl: string;
  apiKey: string;
}

/** Where `npm start` listens unless told otherwise (the embedded mode's API port). */
export const DEFAULT_API_URL = 'http://127.0.0.1:8000';

/** The API URL the embedded mode recorded in its data folder (`.waymark/embedded.json`), when run from a checkout. */
export function embeddedApiUrl(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const file = path.resolve(cwd, env.WAYMARK_DATA_DIR ?? '.waymark', 'embedded.json');
  if (!existsSync(file)) return undefined;
  try {
    const url = (JSON.parse(readFileSync(file, 'utf8')) as { apiUrl?: unknown }).apiUrl;
    return typeof url === 'string' && URL.canParse(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

export function normaliseApiUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new CliError(`"${value}" is not an http(s) URL`, EXIT.usage);
  }
  return value.replace(/\/+$/, '');
}

/** WAYMARK_API_KEY and WAYMARK_API_URL win over the file `waymark login` wrote. */
export function resolveCredentials(env: NodeJS.ProcessEnv, cwd: string): Credentials {
  const stored = readUserConfig(userConfigPath(env));
  const apiKey = env.WAYMARK_API_KEY || stored?.apiKey;
  if (!apiKey) {
    throw new CliError('Not logged in: run `waymark login` or set WAYMARK_API_KEY', EXIT.auth);
  }
  const apiUrl = env.WAYMARK_API_URL || stored?.apiUrl || embeddedApiUrl(env, cwd) || DEFAULT_API_URL;
  return { apiUrl: normaliseApiUrl(apiUrl), apiKey };
}
