import type { Command } from 'commander';
import { reachable, unwrap } from '../api/api-answer';
import { connect, firstItems } from '../api/connect';
import { contextOf, emit } from '../output/cli-context';
import { type Column, renderTable } from '../output/table';
import { boundedNumber } from './option-parsers';

interface AttemptRow {
  at: string;
  deliveryId: string;
  eventId: string;
  attempt: number;
  outcome: string;
  httpStatus: number | null;
  errorKind: string | null;
  durationMs: number;
  terminal: boolean;
  test: boolean;
}

const ATTEMPT_COLUMNS: Column<AttemptRow>[] = [
  { header: 'at', value: (a) => a.at },
  { header: 'delivery', value: (a) => a.deliveryId },
  { header: 'event', value: (a) => a.eventId },
  { header: 'attempt', value: (a) => a.attempt },
  { header: 'outcome', value: (a) => a.outcome },
  { header: 'HTTP', value: (a) => a.httpStatus ?? a.errorKind },
  { header: 'ms', value: (a) => a.durationMs },
  { header: 'final', value: (a) => (a.terminal ? 'yes' : '') },
  { header: 'test', value: (a) => (a.test ? 'yes' : '') },
];

/**
 * `waymark deliveries CHANNEL_ID`: the channel's delivery log, newest first; `waymark deliveries redeliver CHANNEL_ID
 * DELIVERY_ID` sends one delivery again (a channel id never reads `redeliver`, so the two do not collide).
 */
export function registerDeliveriesCommand(program: Command): void {
  const deliveries = program.command('deliveries');
  deliveries
    .command('redeliver')
    .description('send one finished delivery again: same webhook-id and body, a fresh series of attempts')
    .argument('<channel-id>')
    .argument('<delivery-id>', 'the `delivery` column of `waymark deliveries CHANNEL_ID`')
    .action(async (channelId: string, deliveryId: string, _o: unknown, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const scheduled = await unwrap(
        api.POST('/v1/channels/{id}/deliveries/{deliveryId}/redeliver', {
          params: { path: { id: channelId, deliveryId } },
        }),
      );
      emit(context, scheduled, (d) => `delivery ${d.deliveryId} (event ${d.eventId}) scheduled again\n`);
    });
  deliveries
    .description("a channel's delivery attempts, newest first (outcome, HTTP status, duration)")
    .argument('<channel-id>')
    .option('--limit <n>', 'how many (1-1000, default 50)', boundedNumber(1, 1000), 50)
    .action(async (id: string, o: { limit: number }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const params = { path: { id }, query: { limit: Math.min(200, o.limit) } };
      const found = await reachable(firstItems(api.paginate('/v1/channels/{id}/deliveries', params), o.limit));
      emit(context, { deliveries: found }, (d) => renderTable(d.deliveries, ATTEMPT_COLUMNS, '(no deliveries yet)'));
    });
}
