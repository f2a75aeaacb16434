import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { reachable, unwrap, apiError } from '../api/api-answer';
import { connect, firstItems } from '../api/connect';
import { contextOf, emit } from '../output/cli-context';
import { terminalSafe, terminalSafeJson } from '../output/terminal-text';
import { type Column, renderRecord, renderTable } from '../output/table';
import { boundedNumber, collect } from './option-parsers';
import { usageError } from '../exit-codes';

interface LinkRow {
  code: string;
  shortUrl: string;
  destination: string;
  status: string;
  title: string;
  tags: Record<string, string>;
  createdAt: string;
}

const LINK_COLUMNS: Column<LinkRow>[] = [
  { header: 'code', value: (l) => l.code },
  { header: 'short URL', value: (l) => l.shortUrl },
  { header: 'destination', value: (l) => l.destination },
  { header: 'status', value: (l) => l.status },
  { header: 'created', value: (l) => l.createdAt },
];

/** `--tag campaign=spring` (repeatable) -> `{ campaign: 'spring' }`. */
function tagsOf(pairs: string[] | undefined): Record<string, string> | undefined {
  if (!pairs) return undefined;
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw usageError(`--tag ${pair}: expected key=value`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/**
 * The If-Match header for an ETag as the user typed it. A shell eats the quotes of the printed `"3f9c..."` unless
 * they are escaped, so a bare tag is quoted again; `*` and quoted or weak tags go as given.
 */
export function ifMatchHeader(etag: string | undefined): { 'If-Match': string } | undefined {
  const tag = etag?.trim();
  if (!tag) return undefined;
  return { 'If-Match': tag === '*' || tag.startsWith('"') || tag.startsWith('W/') ? tag : `"${tag}"` };
}

const channelsOf = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

interface WriteOptions {
  destination?: string;
  code?: string;
  domain?: string;
  title?: string;
  tag?: string[];
  expires?: string;
  notify?: string;
  status?: 'active' | 'disabled';
}

/** `waymark links create|list|get|update|delete|qr`. */
export function registerLinkCommands(program: Command): void {
  const links = program.command('links').description('short links: create, list, show, update, delete, QR code');

  links
    .command('create')
    .description('create a short link')
    .argument('<destination>', 'the URL the link redirects to')
    .option('--code <code>', 'custom code (default: generated)')
    .option('--domain <domain>', 'one of your verified domains (default: your default domain)')
    .option('--title <title>', 'title')
    .option('--tag <key=value>', 'tag (repeatable)', collect)
    .option('--expires <iso-instant>', 'expiry, e.g. 2031-01-01T00:00:00Z')
    .option('--notify <channel-ids>', 'comma-separated channel ids alerted on each click or scan')
    .action(async (destination: string, o: WriteOptions, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const body = {
        destination,
        code: o.code,
        domain: o.domain,
        title: o.title,
        tags: tagsOf(o.tag),
        expiresAt: o.expires,
        notifyChannels: channelsOf(o.notify),
      };
      const link = await unwrap(api.POST('/v1/links', { body }));
      // The short URL stays the first line (scripts take it); the ETag is what a later --if-match wants.
      emit(context, link, (l) => `${l.shortUrl}\netag ${l.etag}\n`);
    });

  links
    .command('list')
    .description('list links, newest first')
    .option('--limit <n>', 'how many (1-1000, default 50)', boundedNumber(1, 1000), 50)
    .option('--query <text>', 'match code, destination and title')
    .option('--status <status>', 'active or disabled')
    .option('--tag <key:value>', 'only links with this tag')
    .option('--domain <domain>', 'only links on this domain')
    .action(
      async (
        o: { limit: number; query?: string; status?: 'active' | 'disabled'; tag?: string; domain?: string },
        self: Command,
      ) => {
        const context = contextOf(self);
        const { api } = connect(context);
        const query = { limit: Math.min(200, o.limit), q: o.query, status: o.status, tag: o.tag, domain: o.domain };
        const found = await reachable(firstItems(api.paginate('/v1/links', { query }), o.limit));
        emit(context, { links: found }, (d) => renderTable(d.links, LINK_COLUMNS, '(no links)'));
      },
    );

  links
    .command('get')
    .description('show a link')
    .argument('<code>')
    .option('--domain <domain>', 'needed only when the code exists on several of your domains')
    .action(async (code: string, o: { domain?: string }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const link = await unwrap(
        api.GET('/v1/links/{code}', { params: { path: { code }, query: { domain: o.domain } } }),
      );
      emit(context, link, (l) => renderRecord(l as unknown as Record<string, unknown>));
    });

  links
    .command('update')
    .description('change a link: re-point it, disable or enable it, retitle, retag')
    .argument('<code>')
    .option('--destination <url>', 'new destination (printed QR codes follow at once)')
    .option('--status <status>', 'active or disabled')
    .option('--title <title>', 'title')
    .option('--tag <key=value>', 'replace the tags (repeatable)', collect)
    .option('--expires <iso-instant>', 'expiry')
    .option('--notify <channel-ids>', 'comma-separated channel ids (replaces the list)')
    .option('--domain <domain>', 'needed only when the code exists on several of your domains')
    .option('--if-match <etag>', 'apply only if the link still has this ETag (printed by links create, get and update)')
    .action(async (code: string, o: WriteOptions & { ifMatch?: string }, self: Command) => {
      const context = contextOf(self);
      const body = {
        destination: o.destination,
        status: o.status,
        title: o.title,
        tags: tagsOf(o.tag),
        expiresAt: o.expires,
        notifyChannels: channelsOf(o.notify),
      };
      if (Object.values(body).every((v) => v === undefined))
        throw usageError('nothing to change: give at least one option');
      const { api } = connect(context);
      const header = ifMatchHeader(o.ifMatch);
      const params = { path: { code }, query: { domain: o.domain }, header };
      const link = await unwrap(api.PATCH('/v1/links/{code}', { params, body }));
      emit(context, link, (l) => renderRecord(l as unknown as Record<string, unknown>));
    });

  links
    .command('delete')
    .description('delete a link (its code becomes available again)')
    .argument('<code>')
    .option('--domain <domain>', 'needed only when the code exists on several of your domains')
    .option(
      '--if-match <etag>',
      'delete only if the link still has this ETag (printed by links create, get and update)',
    )
    .action(async (code: string, o: { domain?: string; ifMatch?: string }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const header = ifMatchHeader(o.ifMatch);
      await unwrap(api.DELETE('/v1/links/{code}', { params: { path: { code }, query: { domain: o.domain }, header } }));
      emit(context, { deleted: code }, () => `deleted ${code}\n`);
    });

  links
    .command('qr')
    .description("write the link's QR code as SVG (to --out, or to stdout)")
    .argument('<code>')
    .option('--out <file>', 'file to write the SVG to')
    .option('--scale <px>', 'module size in pixels, 1-40 (default 8)', boundedNumber(1, 40))
    .option('--domain <domain>', 'needed only when the code exists on several of your domains')
    .action(async (code: string, o: { out?: string; scale?: number; domain?: string }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const params = { path: { code }, query: { scale: o.scale, domain: o.domain } };
      const answer = await reachable(api.GET('/v1/links/{code}/qr', { params, parseAs: 'text' }));
      if (!answer.response.ok) throw apiError(answer.response, answer.error);
      const svg = answer.data as unknown as string;
      if (!o.out) {
        context.stdout.write(context.json ? `${terminalSafeJson({ code, svg }, 0)}\n` : terminalSafe(svg));
        return;
      }
      writeFileSync(o.out, svg);
      emit(context, { code, file: o.out, bytes: Buffer.byteLength(svg) }, (d) => `wrote ${d.file}\n`);
    });
}
