import { toClickEvent, type ClickFact } from '@waymark/contracts';
import { slackBody, webhookBody } from '../domain/delivery-content';
import type { DeliveryRepository, FanOutItem } from './deliveries-ports';

/** A click event as consumed, with the traceparent it arrived with (its deliveries' attempts continue that trace). */
export interface ReceivedClick {
  readonly fact: ClickFact;
  readonly traceParent: string | undefined;
}

/**
 * Schedules one delivery per channel an event names, for channels of the event's tenant that are enabled (and
 * confirmed, for email); the repository applies those rules in the same statement that inserts. Bot traffic is
 * delivered too (the event says `bot` to analytics; receivers see what the spec sends).
 */
export async function fanOutClicks(
  deps: { deliveries: Pick<DeliveryRepository, 'fanOut'> },
  clicks: ReceivedClick[],
): Promise<number> {
  const items: FanOutItem[] = clicks
    .filter(({ fact }) => fact.notifyChannels.length > 0)
    .map(({ fact, traceParent }) => ({
      eventId: fact.eventId,
      tenantId: fact.tenantId,
      channelIds: [...new Set(fact.notifyChannels)],
      body: webhookBody(fact),
      slackBody: slackBody(toClickEvent(fact)),
      traceParent: traceParent ?? null,
    }));
  return deps.deliveries.fanOut(items);
}
