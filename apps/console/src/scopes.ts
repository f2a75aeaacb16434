import type { WaymarkClient } from '@waymark/sdk';

export interface ReadAccess {
  links: boolean;
  analytics: boolean;
  channels: boolean;
  /** gs1:read, which covers the GS1 records and their exports. */
  exports: boolean;
}

/**
 * What the key may read, learned from one cheap call per area (403 means the scope is missing). The API has no
 * endpoint that lists a key's scopes; write scopes show up as a refused action with the API's reason.
 */
export async function probeAccess(client: WaymarkClient): Promise<ReadAccess> {
  const allowed = async (call: Promise<{ response: Response }>) => {
    const { response } = await call;
    if (response.status === 401) throw new Error('This API key is not valid (or was revoked).');
    return response.status !== 403;
  };
  const [links, analytics, channels, exports] = await Promise.all([
    allowed(client.GET('/v1/links', { params: { query: { limit: 1 } } })),
    allowed(client.GET('/v1/analytics', { params: { query: { top: 1 } } })),
    allowed(client.GET('/v1/channels', { params: { query: { limit: 1 } } })),
    allowed(client.GET('/v1/gs1/exports', { params: { query: { limit: 1 } } })),
  ]);
  return { links, analytics, channels, exports };
}
