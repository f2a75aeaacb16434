import { useQuery } from '@tanstack/react-query';
import type { WaymarkClient } from '@waymark/sdk';
import { sessionSlot } from '../session';
import { fetchIdentity, type CurrentIdentity } from '../scopes';

/** The answer of GET /v1/me, kept for the tab so a reload shows the right areas at once (it holds no secret). */
const identitySlot = sessionSlot('waymark.identity');

export const IDENTITY_QUERY = ['identity'] as const;

export function storeIdentity(identity: CurrentIdentity): void {
  identitySlot.store(JSON.stringify(identity));
}

export const forgetIdentity = identitySlot.forget;

function storedIdentity(): CurrentIdentity | undefined {
  const raw = identitySlot.read();
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as CurrentIdentity;
  } catch {
    return undefined;
  }
}

/**
 * The calling key and its tenant: the stored answer at once, refreshed in the background when a page mounts (the
 * operator may have changed the plan or entitlements since), then kept for half a minute.
 */
export function useIdentity(client: WaymarkClient | null) {
  const stored = storedIdentity();
  return useQuery({
    queryKey: IDENTITY_QUERY,
    queryFn: async () => {
      const identity = await fetchIdentity(client as WaymarkClient);
      storeIdentity(identity);
      return identity;
    },
    initialData: stored,
    initialDataUpdatedAt: 0,
    staleTime: 30_000,
    enabled: client !== null,
    retry: false,
  });
}
