import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { ConfirmButton } from '../ui/confirm-button';
import { DataAttributesTable, Gs1RecordFields, LinksetTable } from '../gs1/gs1-record-details';
import { ResolverPreview } from '../gs1/resolver-preview';
import { fetchServedLinkset } from '../gs1/served-linkset';
import { LinksetEditor } from '../gs1/linkset-editor';

/** One GS1 record: its Digital Link, fields, linkset, data attributes, whether the resolver serves it, a preview. */
export default function Gs1RecordPage({ domain, code }: { domain: string; code: string }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const record = useQuery({
    queryKey: ['gs1-link', domain, code],
    queryFn: async () =>
      unwrap(await client.GET('/v1/gs1/links/{path}', { params: { path: { path: code }, query: { domain } } })),
  });
  const uri = record.data?.uri;
  const served = useQuery({
    queryKey: ['gs1-served', uri],
    queryFn: () => fetchServedLinkset(uri as string),
    enabled: uri !== undefined,
    retry: false,
  });
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(await client.DELETE('/v1/gs1/links/{path}', { params: { path: { path: code }, query: { domain } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['gs1-links'] });
      window.location.hash = '#/gs1';
    },
  });
  if (record.isPending) return <Loading what="GS1 record" />;
  if (record.isError) return <ErrorState error={record.error} />;
  const r = record.data;
  const status = served.isPending
    ? 'checking…'
    : served.isError
      ? 'not served by the resolver'
      : `live: the resolver serves ${served.data.length} level${served.data.length === 1 ? '' : 's'} of links`;
  return (
    <>
      <h1>{r.code}</h1>
      <section className="card" aria-labelledby="record-title">
        <h2 id="record-title">Digital Link</h2>
        <p>
          <a className="url" href={r.uri} target="_blank" rel="noreferrer">
            {r.uri}
          </a>
        </p>
        <p>
          Status:{' '}
          <span className={`badge ${served.isError ? 'disabled' : served.isSuccess ? 'active' : ''}`}>{status}</span>
        </p>
        <Gs1RecordFields record={r} />
        <div className="actions">
          <ConfirmButton
            label="Delete"
            danger
            question="Printed codes of this Digital Link will stop resolving."
            onConfirm={() => remove.mutate()}
          />
        </div>
        {remove.isError && <ErrorState error={remove.error} />}
      </section>
      <section className="card" aria-labelledby="linkset-title">
        <h2 id="linkset-title">Links</h2>
        <LinksetTable record={r} />
        <DataAttributesTable record={r} />
      </section>
      <LinksetEditor record={r} />
      <ResolverPreview
        uri={r.uri}
        recordTypes={r.linkset.length > 0 ? [...new Set(r.linkset.map((e) => e.linkType ?? 'gs1:pip'))] : ['gs1:pip']}
        served={served}
      />
    </>
  );
}
