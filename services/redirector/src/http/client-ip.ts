import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The visitor's address: `X-Forwarded-For` is believed only hop by hop from the configured trusted proxies
 * (addresses or CIDR ranges), the way express's `trust proxy` does it; otherwise the socket's peer address.
 */
export function clientIpResolver(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  if (trustedProxies.length === 0) return (req) => stripMappedV4(req.socket.remoteAddress ?? '');
  const trust = proxyaddr.compile([...trustedProxies]);
  return (req) => stripMappedV4(proxyaddr(req, trust));
}

/** `::ffff:203.0.113.9` is reported as `203.0.113.9`. */
function stripMappedV4(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
