import { ipLiteralProblem } from './ip-literal';
import type { HostList } from './host-list';

export const ALLOWED_SCHEMES: readonly string[] = ['http:', 'https:'];

/** Host names that always mean "this machine", whatever a resolver says (RFC 6761 `localhost`). */
const LOOPBACK_NAME = /(^|\.)localhost$/i;

/** A refusal: the rule's stable name (for logs and `details`) and the reason the caller reads. */
export interface Refusal {
  rule: 'scheme' | 'credentials' | 'length' | 'unparseable' | 'ip_range' | 'own_domain' | 'blocklist' | 'external';
  reason: string;
}

/** The synchronous rules, in the order they are applied; the first refusal wins. */
export function localRefusal(destination: string, options: { maxLength: number; blocklist: HostList }): Refusal | null {
  if (destination.length > options.maxLength) {
    return { rule: 'length', reason: `the destination is longer than ${options.maxLength} characters` };
  }
  const url = parse(destination);
  if (!url) return { rule: 'unparseable', reason: 'the destination is not an absolute URL' };
  if (!ALLOWED_SCHEMES.includes(url.protocol)) {
    return { rule: 'scheme', reason: `the scheme ${url.protocol.slice(0, -1)} is not allowed; use http or https` };
  }
  if (url.username !== '' || url.password !== '') {
    return { rule: 'credentials', reason: 'the destination must not embed a user name or password' };
  }
  const ipProblem = ipLiteralProblem(url.hostname);
  if (ipProblem) return { rule: 'ip_range', reason: ipProblem };
  if (LOOPBACK_NAME.test(url.hostname.replace(/\.$/, ''))) {
    return { rule: 'ip_range', reason: `the host ${url.hostname} names this machine (loopback)` };
  }
  const blocked = options.blocklist.match(url.hostname);
  if (blocked) return { rule: 'blocklist', reason: `the host ${url.hostname} is blocked (${blocked})` };
  return null;
}

function parse(destination: string): URL | null {
  try {
    return new URL(destination);
  } catch {
    return null;
  }
}
