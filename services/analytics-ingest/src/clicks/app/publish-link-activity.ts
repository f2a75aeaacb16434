import type { LinkActivityPublisher, LinkActivityStore } from './clicks-ports';

export interface PublishLinkActivityDeps {
  store: LinkActivityStore;
  publisher: LinkActivityPublisher;
  /** Links per page: one read, one publish and one update each. */
  pageSize: number;
}

/**
 * Publishes every pending link activity once, page by page in link id order, and clears a page's rows only after
 * the page was accepted, so a failure or a crash leaves them pending for the next run. A row whose time moved while
 * its page was in flight stays pending too: the next run publishes its newer time. Returns the links published.
 */
export async function publishLinkActivity(deps: PublishLinkActivityDeps): Promise<number> {
  let after = 0;
  let published = 0;
  for (;;) {
    const page = await deps.store.pendingAfter(after, deps.pageSize);
    if (page.length === 0) return published;
    await deps.publisher.publish(page);
    await deps.store.markPublished(page);
    published += page.length;
    if (page.length < deps.pageSize) return published;
    after = (page[page.length - 1] as (typeof page)[number]).linkId;
  }
}
