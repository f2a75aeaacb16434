import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import type { components } from '@waymark/sdk';
import { Empty, ErrorState, Loading } from '../ui/states';
import { DataTable, type Column } from '../ui/data-table';

const time = (iso: string) => new Date(iso).toLocaleString();

const DELIVERY_COLUMNS: Column<components['schemas']['DeliveryAttemptView']>[] = [
  { header: 'Time', cell: (d) => time(d.at) },
  { header: 'Event', className: 'url', cell: (d) => d.eventId },
  { header: 'Attempt', cell: (d) => `${d.attempt}/6${d.terminal ? ' (last)' : ''}` },
  {
    header: 'Outcome',
    cell: (d) => <span className={`badge ${d.outcome === 'delivered' ? 'active' : 'disabled'}`}>{d.outcome}</span>,
  },
  { header: 'HTTP', cell: (d) => d.httpStatus ?? d.errorKind ?? '—' },
  { header: 'Duration', cell: (d) => `${d.durationMs} ms` },
  { header: 'Response', className: 'url', cell: (d) => d.responseSnippet ?? '' },
  { header: 'Next attempt', cell: (d) => (d.nextAttemptAt ? time(d.nextAttemptAt) : '—') },
];

/**
 * The channel's delivery log: every attempt with its HTTP result, duration, response snippet and when the next attempt
 * ran or is due, filtered by outcome on the server (so a filter covers the whole log, not one page), polled.
 */
export function ChannelPage({ id }: { id: string }) {
  const client = useClient();
  const [outcome, setOutcome] = useState<'' | 'delivered' | 'failed'>('');
  const log = useQuery({
    queryKey: ['deliveries', id, outcome],
    queryFn: async () =>
      unwrap(
        await client.GET('/v1/channels/{id}/deliveries', {
          params: { path: { id }, query: { limit: 100, outcome: outcome || undefined } },
        }),
      ),
    refetchInterval: 3_000,
  });
  const rows = log.data?.deliveries ?? [];
  return (
    <>
      <h1>Delivery log</h1>
      <section className="card" aria-labelledby="log-title">
        <h2 id="log-title">Attempts for {id}</h2>
        <label>
          Outcome{' '}
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as typeof outcome)}>
            <option value="">any</option>
            <option value="delivered">delivered</option>
            <option value="failed">failed</option>
          </select>
        </label>
        {log.isPending && <Loading what="deliveries" />}
        {log.isError && <ErrorState error={log.error} />}
        {log.isSuccess && rows.length === 0 && (
          <Empty>
            {outcome === ''
              ? 'No deliveries yet: they appear here when a linked code is visited.'
              : `No ${outcome} attempts.`}
          </Empty>
        )}
        {rows.length > 0 && <DataTable columns={DELIVERY_COLUMNS} rows={rows} rowKey={(d) => d.id} />}
      </section>
    </>
  );
}
