import { DomainError } from '@waymark/contracts';
import type { ExternalScreener } from './external-screener';
import { HostList, normaliseHost } from './host-list';
import { localScreen, type Refusal } from './screening-rules';

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
  /**
   * Resolves with the destination's normalised ASCII form (the one to store) when it may go live; rejects with 422
   * `destination_rejected` naming the reason.
   */
  screen(destination: string): Promise<string>;
}

/**
 * Screens every redirect target before it goes live (link create, PATCH and bulk, GS1 destinations and linkset
 * hrefs, tenant branding URLs): one function, so no write path screens less than another. The cheap local rules run
 * first, then the own-domain loop check, then the external screener if one is configured. The redirector only
 * answers with a redirect and never fetches the destination, so host names are judged by name and never resolved.
 */
export function createDestinationScreener(options: DestinationScreeningOptions): DestinationScreener {
  const local = {
    maxLength: options.maxLength ?? DEFAULT_DESTINATION_MAX_LENGTH,
    blocklist: new HostList(options.blockedHosts ?? []),
  };
  return {
    async screen(destination) {
      const verdict = localScreen(destination, local);
      const refusal = 'refusal' in verdict ? verdict.refusal : await remoteRefusal(verdict.url, options);
      if (refusal)
        throw new DomainError('destination_rejected', `destination rejected: ${refusal.reason}`, {
          rule: refusal.rule,
        });
      return (verdict as { url: URL }).url.href;
    },
  };
}

async function remoteRefusal(url: URL, options: DestinationScreeningOptions): Promise<Refusal | null> {
  const hosts = new Set([normaliseHost(url.hostname), url.host.toLowerCase()]);
  for (const host of hosts) {
    if (await options.isShortDomain(host)) {
      return {
        rule: 'own_domain',
        reason: `the host ${url.host} is a short-link domain of this service; the link would loop`,
      };
    }
  }
  if (!options.external) return null;
  let verdict: string | null;
  try {
    verdict = await options.external.check(url.href);
  } catch {
    // Fail closed: an unscreened destination must not go live just because the screener is down.
    throw new DomainError(
      'unavailable',
      `destination screening (${options.external.name}) is unavailable; try again later`,
    );
  }
  return verdict ? { rule: 'external', reason: `${options.external.name}: ${verdict}` } : null;
}
