import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';
import type { UserAgentParser } from '../app/enrichment-ports';
import type { UserAgentInfo } from '../domain/fact-row';

/**
 * ua-parser-js (1.x: MIT; 2.x is AGPL) for device, browser and OS, isbot for crawlers and link previews. A few
 * thousand user agents make up most traffic, so results are cached: parsing is the costliest step of ingest.
 */
export class CachedUserAgentParser implements UserAgentParser {
  private readonly cache: LRUCache<string, UserAgentInfo>;

  constructor(maxEntries = 20_000) {
    this.cache = new LRUCache({ max: maxEntries });
  }

  parse(ua: string): UserAgentInfo {
    const cached = this.cache.get(ua);
    if (cached) return cached;
    const info = parseUserAgent(ua);
    this.cache.set(ua, info);
    return info;
  }
}

/** ua-parser-js reports no device type for desktops; a known browser without one is taken to be a desktop. */
export function parseUserAgent(ua: string): UserAgentInfo {
  const result = new UAParser(ua).getResult();
  const browser = result.browser.name ?? '';
  const bot = ua.trim() === '' || isbot(ua);
  const device = result.device.type ?? (browser !== '' && !bot ? 'desktop' : '');
  return { device, browser, os: result.os.name ?? '', bot };
}
