import { v7 as uuidv7 } from 'uuid';
import type { ClickFact, ClickSource } from '@waymark/contracts';
import type { LinkEntry } from '../domain/link-entry';
import type { VisitRequest } from './visit';

export interface ClickContext {
  readonly source: ClickSource;
  readonly bot: boolean;
  /** `https://<domain>` of short URLs. */
  readonly origin: string;
}

/** The clicks.v1 value of a counted visit: spec 6.1 plus routing fields; eventId is a UUIDv7 (time-ordered). */
export function buildClickFact(entry: LinkEntry, request: VisitRequest, context: ClickContext): ClickFact {
  const at = new Date(request.nowMs);
  return {
    version: 1,
    eventId: uuidv7({ msecs: request.nowMs }),
    event: 'click',
    source: context.source,
    code: entry.code,
    shortUrl: `${context.origin}/${entry.code}`,
    title: entry.title,
    destination: entry.destination,
    tags: { ...entry.tags },
    createdAt: entry.createdAt,
    ts: request.nowMs,
    at: at.toISOString(),
    ip: request.ip,
    ua: request.ua,
    referer: request.referer,
    customerId: entry.tenantId,
    tenantId: entry.tenantId,
    domain: entry.domain,
    bot: context.bot,
    method: request.method === 'HEAD' ? 'HEAD' : 'GET',
    notifyChannels: [...entry.notifyChannels],
  };
}
