import { toClickEvent, type ClickFact } from '@waymark/contracts';
import { slackBody, webhookBody } from '../domain/delivery-content';
import type { DeliveryRepository, FanOutItem } from '../infra/delivery.repository';

/**
 * Schedules one delivery per channel an event names, for channels of the event's tenant that are enabled (and
 * confirmed, for email); the repository applies those rules in the same statement that inserts. Bot traffic is
 * delivered too (the event says `bot` to analytics; receivers see what the spec sends).
 */
export async function fanOutClicks(deps: { deliveries: Pick<DeliveryRepository, 'fanOut'> }, facts: ClickFact[]): Promise<number> {
  const items: FanOutItem[] = facts
    .filter((fact) => fact.notifyChannels.length > 0)
    .map((fact) => ({
      eventId: fact.eventId,
      tenantId: fact.tenantId,
      channelIds: [...new Set(fact.notifyChannels)],
      body: webhookBody(fact),
      slackBody: slackBody(toClickEvent(fact)),
    }));
  return deps.deliveries.fanOut(items);
}
