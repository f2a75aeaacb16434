import { CliError, EXIT } from '../exit-codes';
import { embeddedStateFile, readEmbeddedState } from './embedded-state';
import { readUserConfig, userConfigPath } from './user-config';

/** The API a tenant command talks to, and with which key. */
export interface Credentials {
  apiUrl: string;
  apiKey: string;
}

/** Where `npm start` listens unless told otherwise (the embedded mode's API port). */
export const DEFAULT_API_URL = 'http://127.0.0.1:8000';

/**
 * The API URL a local `npm start` recorded (`.waymark/embedded.json`), when that file passes readEmbeddedState's
 * checks; `warn` hears why a file that exists was not used.
 */
export function embeddedApiUrl(
  env: NodeJS.ProcessEnv,
  cwd: string,
  warn: (message: string) => void,
): string | undefined {
  const read = readEmbeddedState(embeddedStateFile(env, cwd));
  if (read.refused) warn(read.refused);
  return read.state?.apiUrl;
}

export function normaliseApiUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new CliError(`"${value}" is not an http(s) URL`, EXIT.usage);
  }
  return value.replace(/\/+$/, '');
}

/** WAYMARK_API_KEY and WAYMARK_API_URL win over the file `waymark login` wrote. */
export function resolveCredentials(
  env: NodeJS.ProcessEnv,
  cwd: string,
  warn: (message: string) => void = () => undefined,
): Credentials {
  const stored = readUserConfig(userConfigPath(env));
  const apiKey = env.WAYMARK_API_KEY || stored?.apiKey;
  if (!apiKey) {
    throw new CliError('Not logged in: run `waymark login` or set WAYMARK_API_KEY', EXIT.auth);
  }
  const apiUrl = env.WAYMARK_API_URL || stored?.apiUrl || embeddedApiUrl(env, cwd, warn) || DEFAULT_API_URL;
  return { apiUrl: normaliseApiUrl(apiUrl), apiKey };
}
