import { Resolver } from 'node:dns/promises';
import type { TxtResolver } from '../app/identity-ports';

export type { TxtResolver };

export interface DnsTxtResolverOptions {
  /** `IP[:port]` entries (Node's Resolver.setServers format); the system's resolvers when omitted. */
  servers?: readonly string[];
  timeoutMs: number;
}

/**
 * TXT lookups through Node's resolver (c-ares), with configurable servers so a deployment can pin a resolver and
 * tests can point at a local DNS server. A name without TXT records answers an empty list, not an error.
 */
export function dnsTxtResolver(options: DnsTxtResolverOptions): TxtResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
  return {
    async resolveTxt(name) {
      try {
        return await resolver.resolveTxt(name);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
        throw error;
      }
    },
  };
}
