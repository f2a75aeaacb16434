import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session';
import { Empty, ErrorState } from '../ui/states';
import { ConfirmButton } from '../ui/confirm-button';
import { useOperatorClient } from './operator-context';
import { TENANTS_QUERY } from './operator-queries';
import { formatTime, type DomainView, type TenantView } from './admin-types';

/** The tenant's domains: add one, verify it (DNS TXT check, or the operator vouches), remove it. */
export function TenantDomains({ tenant }: { tenant: TenantView }) {
  const client = useOperatorClient();
  const queryClient = useQueryClient();
  const changed = () => void queryClient.invalidateQueries({ queryKey: TENANTS_QUERY });
  const verify = useMutation({
    mutationFn: async (v: { name: string; method: 'dns' | 'operator' }) =>
      unwrap(
        await client.POST('/admin/v1/domains/{name}/verify', {
          params: { path: { name: v.name } },
          body: { method: v.method },
        }),
      ),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: async (name: string) =>
      unwrap(await client.DELETE('/admin/v1/domains/{name}', { params: { path: { name } } })),
    onSuccess: changed,
  });
  return (
    <>
      <DomainAddForm tenantId={tenant.id} onAdded={changed} />
      <section className="card" aria-labelledby="domains-title">
        <h2 id="domains-title">Domains</h2>
        {verify.isError && <ErrorState error={verify.error} />}
        {remove.isError && <ErrorState error={remove.error} />}
        {tenant.domains.length === 0 && <Empty>This tenant has no domains yet: its links cannot be created.</Empty>}
        <ul className="rows">
          {tenant.domains.map((domain) => (
            <DomainRow
              key={domain.name}
              domain={domain}
              isDefault={domain.name === tenant.defaultDomain}
              busy={verify.isPending || remove.isPending}
              onVerify={(method) => verify.mutate({ name: domain.name, method })}
              onRemove={() => remove.mutate(domain.name)}
            />
          ))}
        </ul>
      </section>
    </>
  );
}

interface DomainRowProps {
  domain: DomainView;
  isDefault: boolean;
  busy: boolean;
  onVerify: (method: 'dns' | 'operator') => void;
  onRemove: () => void;
}

function DomainRow({ domain, isDefault, busy, onVerify, onRemove }: DomainRowProps) {
  return (
    <li>
      <strong className="url">{domain.name}</strong>
      {isDefault && <span className="badge">default</span>}
      <span className={`badge ${domain.verified ? 'active' : 'disabled'}`}>
        {domain.verified ? `verified (${domain.verifiedBy ?? 'dns'})` : 'not verified'}
      </span>
      {domain.verified && <span className="hint">{formatTime(domain.verifiedAt)}</span>}
      {!domain.verified && (
        <span className="hint url">
          TXT record <code>{domain.verification.recordName}</code> = <code>{domain.verification.value}</code>
        </span>
      )}
      <span className="actions">
        {!domain.verified && (
          <>
            <button type="button" disabled={busy} onClick={() => onVerify('dns')}>
              Check DNS record
            </button>
            <ConfirmButton
              label="Mark verified"
              question="You vouch that the tenant controls this domain; no DNS check is made."
              onConfirm={() => onVerify('operator')}
            />
          </>
        )}
        <ConfirmButton label="Remove" danger question="Links on this domain stop resolving." onConfirm={onRemove} />
      </span>
    </li>
  );
}

function DomainAddForm({ tenantId, onAdded }: { tenantId: string; onAdded: () => void }) {
  const client = useOperatorClient();
  const [name, setName] = useState('');
  const [vouch, setVouch] = useState(false);
  const add = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST('/admin/v1/tenants/{id}/domains', {
          params: { path: { id: tenantId } },
          body: { name: name.trim(), ...(vouch ? { verified: true } : {}) },
        }),
      ),
    onSuccess: () => {
      setName('');
      setVouch(false);
      onAdded();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="add-domain-title">
      <h2 id="add-domain-title">Add a domain</h2>
      <label htmlFor="domain-name">Domain</label>
      <input
        id="domain-name"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="go.example.com"
      />
      <label className="check">
        <input type="checkbox" checked={vouch} onChange={(e) => setVouch(e.target.checked)} />I vouch for this domain:
        mark it verified now
      </label>
      {add.isError && <ErrorState error={add.error} />}
      {add.isSuccess && (
        <p role="status">
          Added {add.data.name}.{' '}
          {add.data.verified ? 'It is verified.' : 'Ask the tenant to publish the TXT record below, then check it.'}
        </p>
      )}
      <button type="submit" className="primary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add domain'}
      </button>
    </form>
  );
}
