import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { refusedAddressReason } from './address-policy';

/** Raised when a webhook host resolves to an address the policy refuses; mapped to the error kind `blocked`. */
export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
  constructor(
    readonly host: string,
    reason: string,
  ) {
    super(`webhook host ${host} ${reason}`);
  }
}

/** Every address a host name resolves to (the DNS lookup is passed in). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

/** Every address of `host`, refusing the whole host when any of them is not public (no partial trust). */
export async function resolvePublic(resolve: Resolve, host: string): Promise<LookupAddress[]> {
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  for (const { address } of addresses) {
    const refused = refusedAddressReason(address);
    if (refused) throw new BlockedAddressError(host, refused);
  }
  return addresses;
}
