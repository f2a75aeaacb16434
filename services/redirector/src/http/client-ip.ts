import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Addresses whose trust is remembered at most; past it the memory starts again (visitor addresses vary without end). */
const TRUST_MEMO_MAX = 4096;

/**
 * The visitor's address: `X-Forwarded-For` is believed only hop by hop from the configured trusted proxies
 * (addresses or CIDR ranges), the way express's `trust proxy` does it; otherwise the socket's peer address.
 */
export function clientIpResolver(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  if (trustedProxies.length === 0) return (req) => stripMappedV4(req.socket.remoteAddress ?? '');
  const trust = memoizedTrust(proxyaddr.compile([...trustedProxies]));
  return (req) => stripMappedV4(proxyaddr(req, trust));
}

/**
 * proxy-addr's compiled check parses the address and matches it against every configured range on each call, which
 * made it a large part of a redirect behind the gateway; yet the address it is asked about is nearly always the
 * gateway's own (the socket's peer). The answer depends on the address alone (compiled checks ignore the hop index),
 * so it is remembered per address.
 */
export function memoizedTrust(
  trust: (address: string, hop: number) => boolean,
  max = TRUST_MEMO_MAX,
): (address: string, hop: number) => boolean {
  const known = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = trust(address, hop);
      if (known.size >= max) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

/** `::ffff:203.0.113.9` is reported as `203.0.113.9`. */
function stripMappedV4(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
