import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { ConfirmButton } from '../ui/confirm-button';
import { LinkQr } from '../links/link-qr';
import { LinkAnalytics } from '../links/link-analytics';

export function LinkPage({ domain, code }: { domain: string; code: string }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const key = ['link', domain, code];
  const link = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(await client.GET('/v1/links/{code}', { params: { path: { code }, query: { domain } } })),
  });
  const [destination, setDestination] = useState('');
  const patch = useMutation({
    mutationFn: async (body: { destination?: string; status?: 'active' | 'disabled' }) =>
      unwrap(await client.PATCH('/v1/links/{code}', { params: { path: { code }, query: { domain } }, body })),
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
      void queryClient.invalidateQueries({ queryKey: ['links'] });
      setDestination('');
    },
  });
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(await client.DELETE('/v1/links/{code}', { params: { path: { code }, query: { domain } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['links'] });
      window.location.hash = '#/links';
    },
  });
  if (link.isPending) return <Loading what="link" />;
  if (link.isError) return <ErrorState error={link.error} />;
  const l = link.data;
  const repoint = (event: FormEvent) => event.preventDefault();
  return (
    <>
      <h1>{l.shortUrl}</h1>
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="details">
          <dt>Destination</dt>
          <dd className="url">{l.destination}</dd>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${l.status}`}>{l.status}</span>
          </dd>
          <dt>Tags</dt>
          <dd>
            {Object.entries(l.tags ?? {})
              .map(([k, v]) => `${k}=${v}`)
              .join(', ') || '—'}
          </dd>
          <dt>Expires</dt>
          <dd>{l.expiresAt ? new Date(l.expiresAt).toLocaleString() : 'never'}</dd>
        </dl>
        <form onSubmit={repoint} className="inline-form">
          <label htmlFor="repoint">New destination</label>
          <input id="repoint" type="url" value={destination} onChange={(e) => setDestination(e.target.value)} />
          {destination !== '' && (
            <ConfirmButton
              label="Re-point"
              question={
                <>
                  Every printed QR code and shared link for {l.shortUrl} will open {destination} at once.
                </>
              }
              onConfirm={() => patch.mutate({ destination })}
            />
          )}
        </form>
        <div className="actions">
          {l.status === 'active' ? (
            <ConfirmButton
              label="Disable"
              question="Visitors will stop being redirected."
              onConfirm={() => patch.mutate({ status: 'disabled' })}
            />
          ) : (
            <button type="button" onClick={() => patch.mutate({ status: 'active' })}>
              Enable
            </button>
          )}
          <ConfirmButton
            label="Delete"
            danger
            question="This is permanent; the code becomes free."
            onConfirm={() => remove.mutate()}
          />
        </div>
        {patch.isError && <ErrorState error={patch.error} />}
        {remove.isError && <ErrorState error={remove.error} />}
      </section>
      <LinkQr domain={domain} code={code} />
      <LinkAnalytics domain={domain} code={code} />
    </>
  );
}
