import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { resolvePublic, type Resolve } from './public-host';

/** The system resolver, or the given DNS servers (`ip` or `ip:port`) through a dedicated Resolver. */
export function createResolve(servers: readonly string[]): Resolve {
  if (servers.length === 0) return (host) => dns.lookup(host, { all: true, verbatim: true });
  const resolver = new dns.Resolver({ timeout: 2_000, tries: 2 });
  resolver.setServers([...servers]);
  return async (host) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const addresses = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length > 0) return addresses;
    throw v4.status === 'rejected'
      ? v4.reason
      : Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connections that checks the addresses it hands back, so the check happens on the very
 * addresses the socket connects to: a DNS answer that changes between the creation check and the attempt (DNS
 * rebinding) is caught here.
 */
export function guardedLookup(resolve: Resolve) {
  return (host: string, options: LookupOptions, callback: LookupCallback): void => {
    resolvePublic(resolve, host).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        if (wanted.length === 0)
          return callback(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, wanted);
        const first = wanted[0] as LookupAddress;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
