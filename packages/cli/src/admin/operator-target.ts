import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CliError, EXIT } from '../exit-codes';
import { DEFAULT_API_URL, normaliseApiUrl } from '../config/credentials';

/**
 * Where the embedded mode writes the operator API's address and token (`npm start`, then `waymark admin ...` works
 * without exporting anything): in its data folder WAYMARK_DATA_DIR, else `.waymark/` in the working directory or in
 * WAYMARK_HOME.
 */
export const EMBEDDED_STATE_FILE = path.join('.waymark', 'embedded.json');

export interface OperatorTarget {
  apiUrl: string;
  operatorToken: string;
}

function embeddedState(file: string): Partial<OperatorTarget> {
  if (!existsSync(file)) return {};
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof OperatorTarget, unknown>>;
    return {
      apiUrl: typeof state.apiUrl === 'string' ? state.apiUrl : undefined,
      operatorToken: typeof state.operatorToken === 'string' ? state.operatorToken : undefined,
    };
  } catch {
    throw new CliError(`${file} is not valid JSON`, EXIT.usage);
  }
}

/** WAYMARK_API_URL and WAYMARK_OPERATOR_TOKEN win; the embedded mode's state file fills what they leave out. */
export function resolveOperatorTarget(env: NodeJS.ProcessEnv, cwd: string): OperatorTarget {
  const file = env.WAYMARK_DATA_DIR
    ? path.resolve(cwd, env.WAYMARK_DATA_DIR, 'embedded.json')
    : path.resolve(env.WAYMARK_HOME ?? cwd, EMBEDDED_STATE_FILE);
  const embedded = embeddedState(file);
  const operatorToken = env.WAYMARK_OPERATOR_TOKEN || embedded.operatorToken;
  if (!operatorToken) {
    throw new CliError(
      `No operator token: set WAYMARK_OPERATOR_TOKEN (the service's OPERATOR_TOKEN) or start the embedded mode (${EMBEDDED_STATE_FILE})`,
      EXIT.auth,
    );
  }
  return { apiUrl: normaliseApiUrl(env.WAYMARK_API_URL || embedded.apiUrl || DEFAULT_API_URL), operatorToken };
}
