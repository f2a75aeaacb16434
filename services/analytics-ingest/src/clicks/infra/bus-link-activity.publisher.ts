import { randomUUID } from 'node:crypto';
import { linkActivityTopic, type LinkActivity } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import type { LinkActivityPublisher, PendingActivity } from '../app/clicks-ports';

/** Publishes link activity on link-activity.v1, one page in one publish call. */
export class BusLinkActivityPublisher implements LinkActivityPublisher {
  constructor(private readonly bus: EventBus) {}

  async publish(activity: readonly PendingActivity[]): Promise<void> {
    const messages = activity.map((a) => {
      const value: LinkActivity = {
        version: 1,
        eventId: randomUUID(),
        tenantId: a.tenantId,
        domain: a.domain,
        code: a.code,
        linkCreatedAt: a.linkCreatedAt.toISOString(),
        lastClickAt: a.lastClickAt.toISOString(),
      };
      return { key: linkActivityTopic.keyOf(value), value };
    });
    await this.bus.publish(linkActivityTopic, messages);
  }
}
