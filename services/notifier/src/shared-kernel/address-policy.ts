import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may connect to this IP address. Only public unicast addresses pass: private (RFC 1918, unique
 * local), loopback, link-local (which holds the cloud metadata endpoint 169.254.169.254), carrier-grade NAT
 * (100.64.0.0/10, where some clouds put theirs), unspecified, multicast, broadcast and reserved ranges are refused,
 * and an IPv4-mapped IPv6 address is judged as the IPv4 address it carries. The ranges come from ipaddr.js.
 */
export function refusedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'is not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : `resolves to a ${range} address`;
}
