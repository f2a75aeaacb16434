import { useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { IDENTITY_QUERY, storeIdentity, useIdentity } from '../account/identity-query';
import { KeyPanel } from '../account/key-panel';
import { BrandingForm } from '../branding/branding-form';
import type { CurrentIdentity } from '../scopes';

/** The signed-in key (its scopes) and, for a key with links:write, the tenant's branding. */
export default function AccountPage() {
  const client = useClient();
  const queryClient = useQueryClient();
  const identity = useIdentity(client);
  if (identity.isPending) return <Loading what="this key" />;
  if (identity.isError) return <ErrorState error={identity.error} />;
  const current = identity.data;
  const saveBranding = async (branding: CurrentIdentity['tenant']['branding']) => {
    const saved = unwrap(await client.PUT('/v1/branding', { body: branding }));
    const updated = { ...current, tenant: { ...current.tenant, branding: saved } };
    storeIdentity(updated);
    queryClient.setQueryData(IDENTITY_QUERY, updated);
    return saved;
  };
  return (
    <>
      <h1>This key</h1>
      <KeyPanel identity={current} />
      {current.key.scopes.includes('links:write') ? (
        <BrandingForm idPrefix="branding" initial={current.tenant.branding} save={saveBranding} />
      ) : (
        <p className="state empty">Changing the branding of the redirector&apos;s pages needs the links:write scope.</p>
      )}
    </>
  );
}
