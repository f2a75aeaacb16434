import './linkset-editor.css';
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@waymark/sdk';
import { useClient } from '../client-context';
import { ApiError, unwrap } from '../session';
import { ErrorState } from '../ui/states';
import { useIdentity } from '../account/identity-query';
import { awaitServed } from './await-served';
import { DataAttributeRows, LinksetEntryFields } from './linkset-entry-fields';
import { draftIssues, draftOfRecord, emptyEntry, recordWrite, type RecordDraft } from './linkset-rules';

type Gs1Link = components['schemas']['Gs1LinkView'];

/**
 * Edits a record's linkset, destination, data attributes and tags, checked before submit as the API checks them,
 * and saves them as a one-record GS1 bulk upsert; then waits until the resolver serves the new links.
 */
export function LinksetEditor({ record }: { record: Gs1Link }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const identity = useIdentity(client);
  const [draft, setDraft] = useState<RecordDraft>(() => draftOfRecord(record));
  const [dirty, setDirty] = useState(false);
  const change = (next: RecordDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const issues = draftIssues(record, draft, identity.data?.tenant.entitlements ?? []);
  const save = useMutation({
    mutationFn: async () => {
      const body = { records: [recordWrite(record, draft)], upsert: true };
      const row = unwrap(await client.POST('/v1/gs1/links/bulk', { body })).results[0];
      if (!row || row.status === 'failed') {
        throw new ApiError(422, row?.error ?? 'The record was not saved', row?.errorCode ?? 'unknown');
      }
      const query = { params: { path: { path: record.code }, query: { domain: record.domain } } };
      const saved = unwrap(await client.GET('/v1/gs1/links/{path}', query));
      const entries = saved.linkset.length > 0 ? saved.linkset : [{ href: saved.destination ?? '' }];
      return { saved, served: await awaitServed(saved.uri, entries) };
    },
    onSuccess: ({ saved, served }) => {
      queryClient.setQueryData(['gs1-link', record.domain, record.code], saved);
      queryClient.setQueryData(['gs1-served', saved.uri], served);
      void queryClient.invalidateQueries({ queryKey: ['gs1-links'] });
      setDraft(draftOfRecord(saved));
      setDirty(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDirty(true);
    if (issues.length === 0) save.mutate();
  };
  if (identity.data && !identity.data.key.scopes.includes('gs1:write')) {
    return <p className="state empty">Editing the links of a record needs the gs1:write scope.</p>;
  }
  const setEntry = (i: number, entry: RecordDraft['entries'][number]) =>
    change({ ...draft, entries: draft.entries.map((e, j) => (j === i ? entry : e)) });
  return (
    <form className="card grid-form" onSubmit={submit} noValidate aria-labelledby="linkset-edit-title">
      <h2 id="linkset-edit-title">Edit links</h2>
      <label htmlFor="record-destination">Destination</label>
      <input
        id="record-destination"
        value={draft.destination}
        placeholder="https://brand.example.com/product"
        aria-describedby="record-destination-hint"
        onChange={(e) => change({ ...draft, destination: e.target.value })}
      />
      <span id="record-destination-hint" className="hint">
        Where a scan goes when the record has no links; with links, the default link is used instead.
      </span>
      {draft.entries.map((entry, i) => (
        <LinksetEntryFields
          key={i}
          n={i + 1}
          entry={entry}
          onChange={(next) => setEntry(i, next)}
          onRemove={() => change({ ...draft, entries: draft.entries.filter((_, j) => j !== i) })}
        />
      ))}
      <button type="button" onClick={() => change({ ...draft, entries: [...draft.entries, emptyEntry()] })}>
        Add a link
      </button>
      <DataAttributeRows rows={draft.ai} onChange={(ai) => change({ ...draft, ai })} />
      <label htmlFor="record-tags">Tags</label>
      <input
        id="record-tags"
        value={draft.tags}
        placeholder="spring-2026, print"
        onChange={(e) => change({ ...draft, tags: e.target.value })}
      />
      {dirty && issues.length > 0 && (
        <div className="state error" data-testid="linkset-issues" role="alert">
          <ul>
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      )}
      {save.isError && <ErrorState error={save.error} />}
      {save.isPending && <p role="status">Saving, then waiting for the resolver to serve the new links…</p>}
      {save.isSuccess && !dirty && <p role="status">Saved; the resolver serves the new links.</p>}
      <button type="submit" className="primary" disabled={save.isPending || (dirty && issues.length > 0)}>
        Save links
      </button>
    </form>
  );
}
