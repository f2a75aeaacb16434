import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { channelHref } from '../router';
import { Empty, ErrorState, Loading } from '../ui/states';
import { ConfirmButton } from '../ui/confirm-button';
import { ChannelCreateForm } from '../channels/channel-create-form';

export function ChannelsPage() {
  const client = useClient();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['channels'],
    queryFn: async () => unwrap(await client.GET('/v1/channels', { params: { query: { limit: 100 } } })),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['channels'] });
  const toggle = useMutation({
    mutationFn: async (c: { id: string; enabled: boolean }) =>
      unwrap(await client.PATCH('/v1/channels/{id}', { params: { path: { id: c.id } }, body: { enabled: c.enabled } })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/v1/channels/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  return (
    <>
      <h1>Channels</h1>
      <ChannelCreateForm />
      <section className="card" aria-labelledby="channels-title">
        <h2 id="channels-title">Your channels</h2>
        {list.isPending && <Loading what="channels" />}
        {list.isError && <ErrorState error={list.error} />}
        {toggle.isError && <ErrorState error={toggle.error} />}
        {remove.isError && <ErrorState error={remove.error} />}
        {list.data?.channels.length === 0 && <Empty>No channels yet.</Empty>}
        <ul className="rows">
          {list.data?.channels.map((c) => (
            <li key={c.id}>
              <a href={channelHref(c.id)}>{c.name}</a> <span className="badge">{c.type}</span> <code>{c.id}</code>{' '}
              <span className={`badge ${c.enabled ? 'active' : 'disabled'}`}>{c.enabled ? 'enabled' : 'paused'}</span>
              {!c.confirmed && <span className="badge disabled">unconfirmed</span>}
              <span className="actions">
                <button type="button" onClick={() => toggle.mutate({ id: c.id, enabled: !c.enabled })}>
                  {c.enabled ? 'Pause' : 'Enable'}
                </button>
                <ConfirmButton
                  label="Delete"
                  danger
                  question="Pending retries stop."
                  onConfirm={() => remove.mutate(c.id)}
                />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
