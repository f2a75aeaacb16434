import type { Command } from 'commander';
import { apiError, reachable } from '../api/api-answer';
import { connect } from '../api/connect';
import { usageError } from '../exit-codes';
import { contextOf, type CliContext } from '../output/cli-context';
import { terminalSafe, terminalSafeJson } from '../output/terminal-text';
import { type Column, renderTable } from '../output/table';
import { boundedNumber } from './option-parsers';

interface Counts {
  total: number;
  clicks: number;
  scans: number;
  humans: number;
  bots: number;
}

interface Report {
  from: string;
  to: string;
  totals: Counts & { uniqueVisitors: number };
  series: (Counts & { start: string })[];
  breakdowns: Record<string, (Counts & { value: string | null })[]>;
  links?: (Counts & { code: string; domain: string })[];
}

const COUNT_COLUMNS = ['total', 'clicks', 'scans', 'humans', 'bots'] as const;
const countColumns = <T extends Counts>(): Column<T>[] =>
  COUNT_COLUMNS.map((c) => ({ header: c, value: (row: T) => row[c] }));

/** Totals, then each non-empty breakdown, as tables. */
function renderReport(report: Report): string {
  const parts = [
    `${report.from} .. ${report.to}\n`,
    renderTable([report.totals], [...countColumns(), { header: 'unique visitors', value: (t) => t.uniqueVisitors }]),
  ];
  if (report.links?.length) {
    parts.push(
      'top links\n',
      renderTable(report.links, [{ header: 'link', value: (l) => `${l.domain}/${l.code}` }, ...countColumns()]),
    );
  }
  for (const [name, entries] of Object.entries(report.breakdowns)) {
    if (entries.length === 0) continue;
    parts.push(
      `${name}\n`,
      renderTable(entries, [{ header: name, value: (e) => e.value ?? '(unknown)' }, ...countColumns()]),
    );
  }
  return parts.join('');
}

async function printReport(
  context: CliContext,
  answerOf: (format: 'json' | 'csv') => Promise<{ data?: unknown; error?: unknown; response: Response }>,
  csv: boolean,
) {
  if (csv && context.json) throw usageError('--csv and --json exclude each other');
  const answer = await reachable(answerOf(csv ? 'csv' : 'json'));
  if (!answer.response.ok) throw apiError(answer.response, answer.error);
  if (csv) context.stdout.write(terminalSafe(String(answer.data)));
  else
    context.stdout.write(
      context.json ? `${terminalSafeJson(answer.data)}\n` : terminalSafe(renderReport(answer.data as Report)),
    );
}

/** `waymark analytics [CODE]`: one link's clicks and scans, or the whole tenant's, as tables or CSV. */
export function registerAnalyticsCommand(program: Command): void {
  program
    .command('analytics')
    .description('clicks and scans of one link (CODE) or of all your links, as tables, JSON or CSV')
    .argument('[code]', "a link's code; without it, tenant-wide analytics")
    .option('--window <window>', 'for one link: 24h, 7d or 30d (default 24h)')
    .option('--from <date>', 'tenant-wide: start, inclusive (ISO date or instant)')
    .option('--to <date>', 'tenant-wide: end, exclusive (a date includes that day)')
    .option('--domain <domain>', "the link's domain (default: your default domain)")
    .option('--top <n>', 'entries per breakdown, 1-100 (default 10)', boundedNumber(1, 100))
    .option('--csv', 'print the CSV report')
    .action(
      async (
        code: string | undefined,
        o: { window?: string; from?: string; to?: string; domain?: string; top?: number; csv?: boolean },
        self: Command,
      ) => {
        const context = contextOf(self);
        const { api } = connect(context);
        const parseAs = o.csv ? 'text' : 'json';
        if (code === undefined) {
          if (o.window) throw usageError('--window applies to one link; use --from and --to for the tenant');
          await printReport(
            context,
            (format) =>
              api.GET('/v1/analytics', { params: { query: { from: o.from, to: o.to, top: o.top, format } }, parseAs }),
            o.csv === true,
          );
          return;
        }
        if (o.window && !['24h', '7d', '30d'].includes(o.window)) throw usageError('--window must be 24h, 7d or 30d');
        if (o.from || o.to)
          throw usageError('--from and --to apply to tenant-wide analytics; use --window for one link');
        const window = o.window as '24h' | '7d' | '30d' | undefined;
        await printReport(
          context,
          (format) =>
            api.GET('/v1/links/{code}/analytics', {
              params: { path: { code }, query: { window, domain: o.domain, top: o.top, format } },
              parseAs,
            }),
          o.csv === true,
        );
      },
    );
}
