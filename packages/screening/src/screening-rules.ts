import { ipLiteralProblem } from './ip-literal';
import type { HostList } from './host-list';
import { internalNameProblem } from './internal-names';
import { mixedScriptProblem } from './mixed-script';

export const ALLOWED_SCHEMES: readonly string[] = ['http:', 'https:'];

/** Host names that always mean "this machine", whatever a resolver says (RFC 6761 `localhost`). */
const LOOPBACK_NAME = /(^|\.)localhost$/i;

/** A refusal: the rule's stable name (for logs and `details`) and the reason the caller reads. */
export interface Refusal {
  rule:
    | 'scheme'
    | 'credentials'
    | 'length'
    | 'unparseable'
    | 'ip_range'
    | 'internal_name'
    | 'homograph'
    | 'own_domain'
    | 'blocklist'
    | 'external';
  reason: string;
}

export type LocalVerdict = { refusal: Refusal } | { url: URL };

/**
 * The synchronous rules, in the order they are applied; the first refusal wins. What passes is returned parsed by
 * the WHATWG URL parser, whose `href` is the form stored and redirected to: ASCII only (punycode host,
 * percent-encoded path, query and fragment), backslashes read as slashes, as every browser reads them.
 */
export function localScreen(destination: string, options: { maxLength: number; blocklist: HostList }): LocalVerdict {
  const tooLong = {
    refusal: { rule: 'length', reason: `the destination is longer than ${options.maxLength} characters` },
  } as const;
  if (destination.length > options.maxLength) return tooLong;
  const url = parse(destination);
  if (!url) return { refusal: { rule: 'unparseable', reason: 'the destination is not an absolute URL' } };
  if (!ALLOWED_SCHEMES.includes(url.protocol)) {
    return {
      refusal: { rule: 'scheme', reason: `the scheme ${url.protocol.slice(0, -1)} is not allowed; use http or https` },
    };
  }
  if (url.username !== '' || url.password !== '' || authorityOf(destination).includes('@')) {
    return { refusal: { rule: 'credentials', reason: 'the destination must not embed a user name or password' } };
  }
  const ipProblem = ipLiteralProblem(url.hostname);
  if (ipProblem) return { refusal: { rule: 'ip_range', reason: ipProblem } };
  if (LOOPBACK_NAME.test(url.hostname.replace(/\.$/, ''))) {
    return { refusal: { rule: 'ip_range', reason: `the host ${url.hostname} names this machine (loopback)` } };
  }
  const internal = isIpLiteral(url.hostname) ? null : internalNameProblem(url.hostname);
  if (internal) return { refusal: { rule: 'internal_name', reason: internal } };
  const homograph = mixedScriptProblem(url.hostname);
  if (homograph) return { refusal: { rule: 'homograph', reason: homograph } };
  const blocked = options.blocklist.match(url.hostname);
  if (blocked) return { refusal: { rule: 'blocklist', reason: `the host ${url.hostname} is blocked (${blocked})` } };
  if (url.href.length > options.maxLength) return tooLong;
  return { url };
}

function parse(destination: string): URL | null {
  try {
    return new URL(destination);
  } catch {
    return null;
  }
}

/**
 * The authority as written, before the parser drops an empty user info (`https://:@example.com/` parses with no
 * user name or password, yet it is a credentials form that some clients read differently).
 */
function authorityOf(destination: string): string {
  // eslint-disable-next-line no-control-regex -- the parser strips these too before it reads the authority
  const cleaned = destination.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  return /^[a-z][a-z0-9+.-]*:[/\\]*([^/\\?#]*)/i.exec(cleaned)?.[1] ?? '';
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}
