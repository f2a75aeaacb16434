import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { ErrorState } from '../ui/states';

type ChannelType = 'webhook' | 'zapier' | 'n8n' | 'slack' | 'email';

export function ChannelCreateForm() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [type, setType] = useState<ChannelType>('webhook');
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: async () => {
      const body =
        type === 'email'
          ? ({ type, name, config: { email: target } } as const)
          : ({ type, name, config: { url: target } } as const);
      return unwrap(await client.POST('/v1/channels', { body }));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['channels'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    create.mutate();
  };
  const secret = create.data?.signingSecret;
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="create-channel-title">
      <h2 id="create-channel-title">Create a channel</h2>
      <label htmlFor="channel-type">Type</label>
      <select id="channel-type" value={type} onChange={(e) => setType(e.target.value as ChannelType)}>
        {['webhook', 'zapier', 'n8n', 'slack', 'email'].map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
      <label htmlFor="channel-name">Name</label>
      <input id="channel-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="channel-target">{type === 'email' ? 'Email address' : 'POST URL'}</label>
      <input
        id="channel-target"
        type={type === 'email' ? 'email' : 'url'}
        required
        value={target}
        onChange={(e) => setTarget(e.target.value)}
      />
      {create.isError && <ErrorState error={create.error} />}
      <button type="submit" className="primary" disabled={create.isPending}>
        Create channel
      </button>
      {secret && (
        <div className="secret" role="status">
          <p>
            <strong>Signing secret, shown only this once.</strong> Store it where your receiver verifies signatures; to
            rotate it, create a new channel.
          </p>
          <code data-testid="signing-secret">{secret}</code>
          <button type="button" onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}>
            {copied ? 'Copied' : 'Copy secret'}
          </button>
        </div>
      )}
      {create.data?.type === 'email' && (
        <p role="status">A confirmation email was sent; delivery starts once confirmed.</p>
      )}
    </form>
  );
}
