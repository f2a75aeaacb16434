import type { Command } from 'commander';
import { reachable, unwrap } from '../api/api-answer';
import { connect, firstItems } from '../api/connect';
import { usageError } from '../exit-codes';
import { contextOf, emit } from '../output/cli-context';
import { type Column, renderRecord, renderTable } from '../output/table';
import { boundedNumber } from './option-parsers';

interface ChannelRow {
  id: string;
  type: string;
  name: string;
  enabled: boolean;
  confirmed: boolean;
  config: unknown;
  signingSecret?: string;
}

const CHANNEL_COLUMNS: Column<ChannelRow>[] = [
  { header: 'id', value: (c) => c.id },
  { header: 'type', value: (c) => c.type },
  { header: 'name', value: (c) => c.name },
  { header: 'enabled', value: (c) => c.enabled },
  { header: 'confirmed', value: (c) => c.confirmed },
  { header: 'target', value: (c) => Object.values((c.config ?? {}) as Record<string, unknown>).join(' ') },
];

const URL_TYPES = ['webhook', 'zapier', 'n8n', 'slack'] as const;
type UrlType = (typeof URL_TYPES)[number];

/** `waymark channels list|get|create|update|test|rotate-secret|delete`: where clicks and scans are announced. */
export function registerChannelCommands(program: Command): void {
  const channels = program.command('channels').description('notification channels: webhook, zapier, n8n, slack, email');

  channels
    .command('list')
    .description('list channels')
    .option('--limit <n>', 'how many (1-1000, default 200)', boundedNumber(1, 1000), 200)
    .action(async (o: { limit: number }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const query = { limit: Math.min(200, o.limit) };
      const found = await reachable(firstItems(api.paginate('/v1/channels', { query }), o.limit));
      emit(context, { channels: found }, (d) => renderTable(d.channels, CHANNEL_COLUMNS, '(no channels)'));
    });

  channels
    .command('get')
    .description('show one channel (never its secret)')
    .argument('<id>')
    .action(async (id: string, _o: unknown, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const channel = await unwrap(api.GET('/v1/channels/{id}', { params: { path: { id } } }));
      emit(context, channel, (c) => renderRecord(c as unknown as Record<string, unknown>));
    });

  channels
    .command('create')
    .description('create a channel; a signed type prints its signing secret once')
    .argument('<type>', `${URL_TYPES.join(', ')} or email`)
    .requiredOption('--name <name>', 'name')
    .option('--url <url>', 'the URL deliveries are POSTed to (webhook, zapier, n8n, slack)')
    .option('--email <address>', 'the recipient (email; double opt-in)')
    .option('--disabled', 'create it disabled')
    .action(
      async (type: string, o: { name: string; url?: string; email?: string; disabled?: boolean }, self: Command) => {
        const context = contextOf(self);
        const enabled = o.disabled ? false : undefined;
        let body;
        if (type === 'email') {
          if (!o.email) throw usageError('an email channel needs --email');
          body = { type: 'email' as const, name: o.name, enabled, config: { email: o.email } };
        } else if ((URL_TYPES as readonly string[]).includes(type)) {
          if (!o.url) throw usageError(`a ${type} channel needs --url`);
          body = { type: type as UrlType, name: o.name, enabled, config: { url: o.url } };
        } else {
          throw usageError(`unknown channel type "${type}": ${URL_TYPES.join(', ')} or email`);
        }
        const { api } = connect(context);
        const channel = await unwrap(api.POST('/v1/channels', { body }));
        emit(context, channel, (c) => {
          const secret = c.signingSecret ? `signing secret (shown once): ${c.signingSecret}\n` : '';
          return `${renderRecord({ ...c, signingSecret: undefined } as Record<string, unknown>)}${secret}`;
        });
      },
    );

  channels
    .command('update')
    .description('rename, enable or disable a channel, or move a URL channel to a new URL')
    .argument('<id>')
    .option('--name <name>', 'new name')
    .option('--url <url>', "new URL (webhook, zapier, n8n, slack), checked like a new channel's")
    .option('--enable', 'resume deliveries')
    .option('--disable', 'pause deliveries (pending retries stop)')
    .action(
      async (id: string, o: { name?: string; url?: string; enable?: boolean; disable?: boolean }, self: Command) => {
        const context = contextOf(self);
        if (o.enable && o.disable) throw usageError('--enable and --disable exclude each other');
        const enabled = o.enable ? true : o.disable ? false : undefined;
        if (o.name === undefined && o.url === undefined && enabled === undefined)
          throw usageError('nothing to change: give --name, --url, --enable or --disable');
        const { api } = connect(context);
        const config = o.url === undefined ? undefined : { url: o.url };
        const channel = await unwrap(
          api.PATCH('/v1/channels/{id}', { params: { path: { id } }, body: { name: o.name, enabled, config } }),
        );
        emit(context, channel, (c) => renderRecord(c as unknown as Record<string, unknown>));
      },
    );

  channels
    .command('test')
    .description('send a signed sample click event, marked "test": true (see `waymark deliveries CHANNEL_ID`)')
    .argument('<id>')
    .action(async (id: string, _o: unknown, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const sent = await unwrap(api.POST('/v1/channels/{id}/test', { params: { path: { id } } }));
      emit(context, sent, (d) => `test event ${d.eventId} scheduled as delivery ${d.deliveryId}\n`);
    });

  channels
    .command('rotate-secret')
    .description("replace a signed channel's secret; prints the new one once, the old one signs during the overlap")
    .argument('<id>')
    .option(
      '--overlap <seconds>',
      "how long the old secret keeps signing (0-604800; default: the service's, 24 h)",
      boundedNumber(0, 604_800),
    )
    .action(async (id: string, o: { overlap?: number }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const body = o.overlap === undefined ? {} : { overlapSeconds: o.overlap };
      const rotated = await unwrap(api.POST('/v1/channels/{id}/secret/rotate', { params: { path: { id } }, body }));
      emit(context, rotated, (r) => {
        const until = r.previousSecretExpiresAt
          ? `the old secret keeps signing until ${r.previousSecretExpiresAt}`
          : 'the old secret no longer signs';
        return `signing secret (shown once): ${r.signingSecret}\n${until}\n`;
      });
    });

  channels
    .command('delete')
    .description('delete a channel (its pending retries stop)')
    .argument('<id>')
    .action(async (id: string, _o: unknown, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      await unwrap(api.DELETE('/v1/channels/{id}', { params: { path: { id } } }));
      emit(context, { deleted: id }, () => `deleted ${id}\n`);
    });
}
