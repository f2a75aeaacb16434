import { isIP } from 'node:net';
import { refusedAddressReason } from '../../shared-kernel/address-policy';
import { allowedHostKey } from './allowed-hosts';

export interface WebhookUrlPolicy {
  /** `host:port` entries (see allowed-hosts) the operator trusts: plain http allowed, address checks skipped. */
  readonly httpAllowedHosts: readonly string[];
}

/** `url` is the URL as WHATWG URL writes it: the form stored, and the host the checks judged. */
export type UrlVerdict = { ok: true; trusted: boolean; host: string; url: string } | { ok: false; reason: string };

/** The host name as the resolver sees it: without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export function isTrustedHost(url: URL, policy: WebhookUrlPolicy): boolean {
  const key = allowedHostKey(url);
  return key !== null && policy.httpAllowedHosts.includes(key);
}

/**
 * The static part of the webhook URL rules, applied at creation and again before every attempt: https only (http for
 * operator-allowlisted hosts), no credentials in the URL, and an IP-literal host must be a public address.
 * Host names are checked when they are resolved (at creation and at connect time), see guarded-lookup. Numeric IPv4
 * hosts (`2130706433`, `0x7f.1`, `127.1`) are judged as the address WHATWG URL reads them as.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not an absolute URL' };
  }
  const trusted = isTrustedHost(url, policy);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && trusted)) {
    return { ok: false, reason: 'must use https' };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  const host = bareHost(url);
  if (!trusted && isIP(host) !== 0) {
    const refused = refusedAddressReason(host);
    if (refused) return { ok: false, reason: refused.replace(/^resolves to/, 'is') };
  }
  return { ok: true, trusted, host, url: url.href };
}
