import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { createApi } from '@waymark/sdk';
import { apiError, reachable } from '../api/api-answer';
import { DEFAULT_API_URL, embeddedApiUrl, normaliseApiUrl } from '../config/credentials';
import { removeUserConfig, userConfigPath, writeUserConfig } from '../config/user-config';
import { usageError } from '../exit-codes';
import { timedFetch } from '../api/timed-fetch';
import { type CliContext, contextOf, emit, note } from '../output/cli-context';

/** The key from --key, else the first line of piped stdin, else a prompt (keeps it out of shell history). */
async function readKey(context: CliContext, given: string | undefined): Promise<string> {
  if (given) return given.trim();
  const lines = createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? context.stderr : undefined,
    terminal: false,
  });
  try {
    const answer = process.stdin.isTTY ? await lines.question('API key: ') : await firstLine(lines);
    return (answer ?? '').trim();
  } finally {
    lines.close();
  }
}

async function firstLine(lines: AsyncIterable<string>): Promise<string | undefined> {
  for await (const line of lines) return line;
  return undefined;
}

/**
 * Checks the key with one read before storing it: a refused key (401) is not saved; a key without the links:read
 * scope (403) is valid and saved.
 */
async function checkKey(context: CliContext, apiUrl: string, apiKey: string): Promise<void> {
  const api = createApi({
    baseUrl: apiUrl,
    apiKey,
    retry: { attempts: 2 },
    fetch: timedFetch(context.requestTimeoutMs),
  });
  const answer = await reachable(api.GET('/v1/links', { params: { query: { limit: 1 } } }));
  if (answer.response.ok || answer.response.status === 403) return;
  throw apiError(answer.response, answer.error);
}

/** `waymark login` and `waymark logout`. */
export function registerLoginCommands(program: Command): void {
  program
    .command('login')
    .description('store the API URL and key in your user config file (mode 0600)')
    .option('--api-url <url>', `API base URL (default WAYMARK_API_URL, a local \`npm start\`, or ${DEFAULT_API_URL})`)
    .option('--key <key>', 'API key (default: read from stdin, or asked for)')
    .addHelpText('after', '\nThe file is $XDG_CONFIG_HOME/waymark/config.json (default ~/.config/waymark/config.json).')
    .action(async (o: { apiUrl?: string; key?: string }, self: Command) => {
      const context = contextOf(self);
      const apiUrl = normaliseApiUrl(
        o.apiUrl ??
          context.env.WAYMARK_API_URL ??
          embeddedApiUrl(context.env, context.cwd, (warning) => note(context, warning)) ??
          DEFAULT_API_URL,
      );
      const apiKey = await readKey(context, o.key);
      if (!apiKey) throw usageError('no API key given: pass --key, pipe it on stdin, or type it at the prompt');
      await checkKey(context, apiUrl, apiKey);
      const file = userConfigPath(context.env);
      writeUserConfig(file, { apiUrl, apiKey });
      emit(context, { apiUrl, configFile: file }, (d) => `logged in to ${d.apiUrl}; key stored in ${d.configFile}\n`);
    });

  program
    .command('logout')
    .description('remove the stored API key')
    .action((_o: unknown, self: Command) => {
      const context = contextOf(self);
      const file = userConfigPath(context.env);
      const removed = removeUserConfig(file);
      emit(context, { removed, configFile: file }, (d) =>
        d.removed ? `removed ${d.configFile}\n` : 'not logged in\n',
      );
    });
}
