import { ipLiteralProblem } from './ip-literal';

/**
 * Suffixes that only name hosts inside a network: RFC 6761 `localhost`, mDNS `.local`, ICANN's reserved
 * `.internal` (GCP's `metadata.google.internal`), RFC 8375 `.home.arpa`, and the common private conventions.
 */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'lan', 'intranet', 'corp', 'localdomain'];

/**
 * Wildcard-DNS services that answer any name with the IP address written inside it
 * (`169.254.169.254.nip.io`, `10-0-0-1.sslip.io`): a public-looking name for an inward address.
 */
const IP_ECHO_DOMAINS = [
  ...['nip.io', 'sslip.io', 'xip.io', 'nip.direct', 'localtest.me', 'lvh.me'],
  ...['vcap.me', 'traefik.me', 'localh.st', 'fuf.me', '1u.ms'],
];

/**
 * Why a host name (WHATWG-normalised, lower case, no IP literal) names an internal host, or null. Names are never
 * resolved (the redirector does not fetch), so this judges the name alone: a single label, an internal suffix, a
 * wildcard-DNS echo service, or labels that spell a refused IPv4 address (`10.0.0.1.example.com`, `10-0-0-1.x.io`).
 */
export function internalNameProblem(hostname: string): string | null {
  const host = hostname.replace(/\.$/, '');
  if (!host.includes('.')) return `the host ${hostname} is a single-label (intranet) name`;
  const suffix = [...INTERNAL_SUFFIXES, ...IP_ECHO_DOMAINS].find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix) return `the host ${hostname} is an internal name (${suffix})`;
  const embedded = embeddedAddressProblem(host);
  return embedded ? `the host ${hostname} embeds an inward address: ${embedded}` : null;
}

/** Dotted quads across labels, or dashed quads inside one, that name a refused address. */
function embeddedAddressProblem(host: string): string | null {
  const dotted = host.match(/(?:^|\.)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?=\.|$)/g) ?? [];
  const dashed = host.match(/(?:^|[.-])(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})(?=[.-]|$)/g) ?? [];
  for (const candidate of [...dotted, ...dashed]) {
    const address = candidate.replace(/^[.-]/, '').replace(/-/g, '.');
    const problem = ipLiteralProblem(address);
    if (problem) return problem;
  }
  return null;
}
