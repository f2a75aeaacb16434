import path from 'node:path';
import { CliError, EXIT } from '../exit-codes';
import { DEFAULT_API_URL, normaliseApiUrl } from '../config/credentials';
import { embeddedStateFile, readEmbeddedState } from '../config/embedded-state';

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

/**
 * WAYMARK_API_URL and WAYMARK_OPERATOR_TOKEN win; the embedded mode's state file fills what they leave out, when it
 * passes readEmbeddedState's checks (`warn` hears why it did not).
 */
export function resolveOperatorTarget(
  env: NodeJS.ProcessEnv,
  cwd: string,
  warn: (message: string) => void = () => undefined,
): OperatorTarget {
  const read = readEmbeddedState(embeddedStateFile(env, cwd));
  if (read.refused) warn(read.refused);
  const embedded = read.state ?? {};
  const operatorToken = env.WAYMARK_OPERATOR_TOKEN || embedded.operatorToken;
  if (!operatorToken) {
    throw new CliError(
      `No operator token: set WAYMARK_OPERATOR_TOKEN (the service's OPERATOR_TOKEN) or start the embedded mode (${EMBEDDED_STATE_FILE})`,
      EXIT.auth,
    );
  }
  return { apiUrl: normaliseApiUrl(env.WAYMARK_API_URL || embedded.apiUrl || DEFAULT_API_URL), operatorToken };
}
