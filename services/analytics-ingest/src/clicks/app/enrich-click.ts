import type { ClickFact } from '@waymark/contracts';
import type { FactRow } from '../domain/fact-row';
import type { GeoLocator, UserAgentParser } from './enrichment-ports';
import { hllPoint } from '../domain/hyperloglog';
import { referrerHost } from '../domain/referrer-host';
import { visitorKey } from '../domain/visitor-key';

export interface EnrichDeps {
  userAgents: UserAgentParser;
  geo: GeoLocator;
  visitorSalt: string;
  storeRawIp: boolean;
}

/** Turns a clicks.v1 value into the stored fact: device, browser, OS, bot verdict, place, referrer host, visitor key. */
export function enrichClick(click: ClickFact, deps: EnrichDeps): FactRow {
  const agent = deps.userAgents.parse(click.ua);
  const place = deps.geo.locate(click.ip);
  const head = click.method === 'HEAD';
  const visitor = visitorKey(deps.visitorSalt, click.ip, click.ua);
  const { reg, rho } = hllPoint(visitor);
  return {
    at: new Date(click.ts),
    eventId: click.eventId,
    tenantId: click.tenantId,
    domain: click.domain.toLowerCase(),
    code: click.code,
    linkCreatedAt: new Date(click.createdAt),
    source: click.source,
    human: !head && !click.bot && !agent.bot,
    head,
    device: agent.device,
    browser: agent.browser,
    os: agent.os,
    country: place.country,
    city: place.city,
    referrer: referrerHost(click.referer),
    visitor,
    hllReg: reg,
    hllRho: rho,
    ip: deps.storeRawIp ? click.ip : null,
  };
}
