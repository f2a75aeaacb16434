import { Command, Option } from 'commander';
import { EXIT_CODES_HELP } from './exit-codes';
import { registerAdminCommands } from './commands/admin';
import { registerAnalyticsCommand } from './commands/analytics';
import { registerChannelCommands } from './commands/channels';
import { registerDeliveriesCommand } from './commands/deliveries';
import { registerExportCommands } from './commands/exports';
import { registerGs1Commands } from './commands/gs1';
import { registerLinkCommands } from './commands/links';
import { registerLoginCommands } from './commands/login';
import { boundedNumber } from './commands/option-parsers';
import { DEFAULT_REQUEST_TIMEOUT_S } from './output/cli-context';

const ENVIRONMENT_HELP = `
Environment:
  WAYMARK_API_KEY   API key; wins over the one \`waymark login\` stored
  WAYMARK_API_URL   API base URL; wins over the stored one (default http://127.0.0.1:8000)
  WAYMARK_REQUEST_TIMEOUT  seconds one request may take, answer included (default ${DEFAULT_REQUEST_TIMEOUT_S})
  XDG_CONFIG_HOME   where \`waymark login\` keeps config.json (default ~/.config; the file is waymark/config.json)

${EXIT_CODES_HELP}`;

/**
 * The `waymark` command tree. Usage errors throw instead of exiting (main maps them to exit code 2); settings are
 * applied before any subcommand is created, since commander copies them into subcommands at creation.
 */
export function createProgram(version: string): Command {
  const program = new Command('waymark')
    .description('Waymark from the command line: links, QR codes, analytics, channels, GS1 imports and exports')
    .version(version)
    .option('--json', 'print machine-readable JSON instead of tables')
    .addOption(
      new Option(
        '--request-timeout <seconds>',
        `give up on a request not answered within this (default ${DEFAULT_REQUEST_TIMEOUT_S})`,
      )
        .env('WAYMARK_REQUEST_TIMEOUT')
        .argParser(boundedNumber(1, 3600)),
    )
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .addHelpText('after', ENVIRONMENT_HELP);
  registerLoginCommands(program);
  registerLinkCommands(program);
  registerAnalyticsCommand(program);
  registerChannelCommands(program);
  registerDeliveriesCommand(program);
  registerGs1Commands(program);
  registerExportCommands(program);
  registerAdminCommands(program);
  return program;
}
