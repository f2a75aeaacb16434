import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Where the embedded mode writes the operator API's address and token for the CLI (`npm start` then
 * `npm run admin -- ...` works without exporting anything). Relative to the working directory, or WAYMARK_HOME.
 */
export const EMBEDDED_TOKEN_FILE = path.join('.waymark', 'embedded.json');

const tokenFile = z.object({ apiUrl: z.url(), operatorToken: z.string().min(1) });
const fromEnv = z.object({ WAYMARK_API_URL: z.url().optional(), WAYMARK_OPERATOR_TOKEN: z.string().min(1).optional(), WAYMARK_HOME: z.string().optional() });

export interface CliTarget {
  apiUrl: string;
  operatorToken: string;
}

/** WAYMARK_API_URL and WAYMARK_OPERATOR_TOKEN win; the embedded token file fills what they leave out. */
export function resolveCliTarget(env: NodeJS.ProcessEnv, cwd: string): CliTarget {
  const vars = fromEnv.parse(env);
  const file = path.resolve(vars.WAYMARK_HOME ?? cwd, EMBEDDED_TOKEN_FILE);
  const embedded = existsSync(file) ? tokenFile.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
  const apiUrl = vars.WAYMARK_API_URL ?? embedded?.apiUrl ?? 'http://127.0.0.1:8080';
  const operatorToken = vars.WAYMARK_OPERATOR_TOKEN ?? embedded?.operatorToken;
  if (!operatorToken) throw new Error(`No operator token: set WAYMARK_OPERATOR_TOKEN (the service's OPERATOR_TOKEN) or start the embedded mode (${EMBEDDED_TOKEN_FILE})`);
  return { apiUrl: apiUrl.replace(/\/+$/, ''), operatorToken };
}
