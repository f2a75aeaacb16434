import { linkKey, type LinkActivity } from '@waymark/contracts';

/** The latest click of one link incarnation. */
export interface LastClick {
  tenantId: string;
  domain: string;
  code: string;
  /** The link's creation time as the click saw it: tells a re-created code apart from the link that was clicked. */
  linkCreatedAt: string;
  at: Date;
}

/**
 * Reduces a batch of link-activity.v1 values to the newest click per link (key `<domain>/<code>` and creation time).
 * Which clicks count is analytics-ingest's decision when it publishes: HEAD requests do not, bots do.
 */
export function lastClicksOf(activity: readonly LinkActivity[]): LastClick[] {
  return newestPerLink(
    activity.map((a) => ({
      tenantId: a.tenantId,
      domain: a.domain,
      code: a.code,
      linkCreatedAt: a.linkCreatedAt,
      at: new Date(a.lastClickAt),
    })),
  );
}

/** The newest of the given clicks per link incarnation: what batches merged into one write reduce to. */
export function newestPerLink(clicks: readonly LastClick[]): LastClick[] {
  const latest = new Map<string, LastClick>();
  for (const click of clicks) {
    const id = `${linkKey(click)}@${click.linkCreatedAt}`;
    const previous = latest.get(id);
    if (previous === undefined || previous.at.getTime() < click.at.getTime()) latest.set(id, click);
  }
  return [...latest.values()];
}
