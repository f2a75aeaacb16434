import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { linkHref } from '../router';
import { ErrorState } from '../ui/states';

/** `key=value, key=value` into the tags object of LinkWrite. */
export function parseTags(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, ...rest] = pair.split('=');
    tags[key!.trim()] = rest.join('=').trim();
  }
  return tags;
}

export function LinkCreateForm() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [destination, setDestination] = useState('');
  const [code, setCode] = useState('');
  const [tags, setTags] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [notify, setNotify] = useState('');
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST('/v1/links', {
          body: {
            destination,
            ...(code ? { code } : {}),
            ...(tags ? { tags: parseTags(tags) } : {}),
            ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
            ...(notify
              ? {
                  notifyChannels: notify
                    .split(',')
                    .map((id) => id.trim())
                    .filter(Boolean),
                }
              : {}),
          },
        }),
      ),
    onSuccess: (link) => {
      void queryClient.invalidateQueries({ queryKey: ['links'] });
      window.location.hash = linkHref(link.domain, link.code);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="create-link-title">
      <h2 id="create-link-title">Create a link</h2>
      <label htmlFor="new-destination">Destination URL</label>
      <input
        id="new-destination"
        type="url"
        required
        value={destination}
        onChange={(e) => setDestination(e.target.value)}
      />
      <label htmlFor="new-code">Custom code (optional)</label>
      <input id="new-code" maxLength={64} value={code} onChange={(e) => setCode(e.target.value)} />
      <label htmlFor="new-tags">Tags (optional, key=value, comma separated)</label>
      <input id="new-tags" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="campaign=spring" />
      <label htmlFor="new-expiry">Expires at (optional)</label>
      <input id="new-expiry" type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
      <label htmlFor="new-notify">Notify channel ids (optional, comma separated)</label>
      <input id="new-notify" value={notify} onChange={(e) => setNotify(e.target.value)} placeholder="ch_…" />
      {create.isError && <ErrorState error={create.error} />}
      <button type="submit" className="primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create link'}
      </button>
    </form>
  );
}
