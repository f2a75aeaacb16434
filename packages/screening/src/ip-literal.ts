import ipaddr from 'ipaddr.js';

/**
 * Cloud metadata endpoints get their own reason: they are the classic target of a link that points inward.
 * 169.254.169.254 (AWS, GCP, Azure...), 100.100.100.200 (Alibaba), fd00:ec2::254 (AWS over IPv6).
 */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '100.100.100.200', 'fd00:ec2::254']);

/** Ranges of ipaddr.js that never belong in a public destination, with the reason a caller reads. */
const REFUSED_RANGES: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  private: 'a private network address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local (private) IPv6 address',
  deprecatedSiteLocal: 'a site-local IPv6 address',
  discard: 'a discard-only IPv6 address',
};

/**
 * Why a URL host that is an IP literal is refused, or null when it is a public address or not an IP literal.
 * `hostname` is WHATWG-URL-normalised: IPv4 in dotted decimal (the parser already turned `0x7f.1` or `2130706433`
 * into `127.0.0.1`), IPv6 in brackets.
 */
export function ipLiteralProblem(hostname: string): string | null {
  const literal = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (!ipaddr.IPv4.isValidFourPartDecimal(literal) && !ipaddr.IPv6.isValid(literal)) return null;
  const address = embeddedIPv4(ipaddr.parse(literal));
  const text = address.toNormalizedString();
  if (METADATA_ADDRESSES.has(text) || METADATA_ADDRESSES.has(address.toString())) {
    return `the host ${literal} is a cloud metadata address`;
  }
  const reason = REFUSED_RANGES[address.range()];
  return reason ? `the host ${literal} is ${reason}` : null;
}

/** IPv4 carried inside IPv6 (mapped, translated, 6to4) is judged as the IPv4 address it reaches. */
function embeddedIPv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (address.kind() === 'ipv4') return address;
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') {
    const parts = v6.parts;
    return ipaddr.IPv4.parse(`${parts[6]! >> 8}.${parts[6]! & 255}.${parts[7]! >> 8}.${parts[7]! & 255}`);
  }
  if (range === '6to4') {
    const parts = v6.parts;
    return ipaddr.IPv4.parse(`${parts[1]! >> 8}.${parts[1]! & 255}.${parts[2]! >> 8}.${parts[2]! & 255}`);
  }
  return v6;
}
