import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CliError, EXIT } from '../exit-codes';

/** What `waymark login` stores: the API base URL and the tenant's API key. */
export interface UserConfig {
  apiUrl: string;
  apiKey: string;
}

/** `$XDG_CONFIG_HOME/waymark/config.json`, else `~/.config/waymark/config.json` (the XDG base directory default). */
export function userConfigPath(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(homedir(), '.config');
  return path.join(base, 'waymark', 'config.json');
}

export function readUserConfig(file: string): UserConfig | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new CliError(`${file} is not valid JSON: run \`waymark login\` again`, EXIT.usage);
  }
  const config = parsed as Partial<UserConfig> | null;
  if (typeof config?.apiUrl !== 'string' || typeof config.apiKey !== 'string') {
    throw new CliError(`${file} lacks apiUrl or apiKey: run \`waymark login\` again`, EXIT.usage);
  }
  return { apiUrl: config.apiUrl, apiKey: config.apiKey };
}

/**
 * Writes the file readable by its owner only (0600, in a 0700 folder): it holds a secret. Written to a temporary
 * file of that mode and renamed, so no moment exists where the key sits in a file others can read.
 */
export function writeUserConfig(file: string, config: UserConfig): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

export function removeUserConfig(file: string): boolean {
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}
