import type { Source } from './dimensions';

/** One enriched click or scan as stored in click_fact. */
export interface FactRow {
  at: Date;
  eventId: string;
  tenantId: string;
  domain: string;
  code: string;
  /** The link incarnation: its creation time as carried by the event. */
  linkCreatedAt: Date;
  source: Source;
  /** A GET by a browser that neither the redirector nor isbot flagged; HEAD requests and previews are not humans. */
  human: boolean;
  head: boolean;
  device: string;
  browser: string;
  os: string;
  country: string;
  city: string;
  referrer: string;
  visitor: bigint;
  hllReg: number;
  hllRho: number;
  /** Only when raw IPs are stored (STORE_RAW_IP). */
  ip: string | null;
}

/** What the user agent says about a visitor. */
export interface UserAgentInfo {
  device: string;
  browser: string;
  os: string;
  bot: boolean;
}

export interface GeoLocation {
  country: string;
  city: string;
}
