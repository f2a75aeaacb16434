import { SCOPE_MEANINGS, type CurrentIdentity, type KeyScope } from '../scopes';

const ALL_SCOPES = Object.keys(SCOPE_MEANINGS) as KeyScope[];
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** "This key": which key is signed in, what its scopes allow and what they do not, and its tenant's plan. */
export function KeyPanel({ identity }: { identity: CurrentIdentity }) {
  const { key, tenant } = identity;
  const missing = ALL_SCOPES.filter((s) => !key.scopes.includes(s));
  return (
    <section className="card" aria-labelledby="key-title">
      <h2 id="key-title">Key, tenant and scopes</h2>
      <dl className="details">
        <dt>Key</dt>
        <dd>
          <code>{key.prefix}…</code> {key.name && `(${key.name})`}
        </dd>
        <dt>Tenant</dt>
        <dd>
          {tenant.name} <span className="hint">{tenant.id}</span>
        </dd>
        <dt>Plan</dt>
        <dd>
          {tenant.plan.name}: {tenant.plan.rateLimitPerMinute} requests a minute, bulk of {tenant.plan.bulkRowCap}
        </dd>
        <dt>Entitlements</dt>
        <dd data-testid="key-entitlements">{tenant.entitlements.join(', ') || 'none'}</dd>
        <dt>Created</dt>
        <dd>{when(key.createdAt)}</dd>
        <dt>Expires</dt>
        <dd>{when(key.expiresAt)}</dd>
      </dl>
      <h3>It may</h3>
      <ul data-testid="key-scopes">
        {key.scopes.map((scope) => (
          <li key={scope}>
            <code>{scope}</code>: {SCOPE_MEANINGS[scope]}
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <>
          <h3>It may not</h3>
          <p className="hint" data-testid="key-missing-scopes">
            {missing.map((scope) => `${SCOPE_MEANINGS[scope]} (${scope})`).join('; ')}. Ask your operator for a key with
            more scopes.
          </p>
        </>
      )}
    </section>
  );
}
