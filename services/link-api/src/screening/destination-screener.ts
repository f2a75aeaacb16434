import { DomainError } from '@waymark/contracts';
import type { ExternalScreener } from './external-screener';
import { HostList, normaliseHost } from './host-list';
import { localRefusal, type Refusal } from './screening-rules';

/** Longest destination accepted; well under what browsers and proxies handle (about 8 KB). */
export const DEFAULT_DESTINATION_MAX_LENGTH = 2048;

export interface DestinationScreeningOptions {
  maxLength?: number;
  /** Hosts refused with their subdomains (`DESTINATION_BLOCKLIST`). */
  blockedHosts?: readonly string[];
  /** Whether a host (with or without port) is one of the service's short domains: a link there would loop. */
  isShortDomain(host: string): boolean | Promise<boolean>;
  external?: ExternalScreener;
}

export interface DestinationScreener {
  /** Resolves when the destination may go live; rejects with 422 `destination_rejected` naming the reason. */
  screen(destination: string): Promise<void>;
}

/**
 * Screens destinations before a link goes live (create, PATCH, bulk). The cheap local rules run first, then the
 * own-domain loop check, then the external screener if one is configured. The redirector only answers with a
 * redirect and never fetches the destination, so a host name is not resolved here: only IP literals are judged.
 */
export function createDestinationScreener(options: DestinationScreeningOptions): DestinationScreener {
  const local = { maxLength: options.maxLength ?? DEFAULT_DESTINATION_MAX_LENGTH, blocklist: new HostList(options.blockedHosts ?? []) };
  return {
    async screen(destination) {
      const refusal = localRefusal(destination, local) ?? (await remoteRefusal(new URL(destination), options));
      if (refusal) {
        throw new DomainError('destination_rejected', `destination rejected: ${refusal.reason}`, { rule: refusal.rule });
      }
    },
  };
}

async function remoteRefusal(url: URL, options: DestinationScreeningOptions): Promise<Refusal | null> {
  const hosts = new Set([normaliseHost(url.hostname), url.host.toLowerCase()]);
  for (const host of hosts) {
    if (await options.isShortDomain(host)) {
      return { rule: 'own_domain', reason: `the host ${url.host} is a short-link domain of this service; the link would loop` };
    }
  }
  if (!options.external) return null;
  let verdict: string | null;
  try {
    verdict = await options.external.check(url.href);
  } catch {
    // Fail closed: an unscreened destination must not go live just because the screener is down.
    throw new DomainError('unavailable', `destination screening (${options.external.name}) is unavailable; try again later`);
  }
  return verdict ? { rule: 'external', reason: `${options.external.name}: ${verdict}` } : null;
}
