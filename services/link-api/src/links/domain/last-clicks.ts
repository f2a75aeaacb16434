import { linkKey, type ClickFact } from '@waymark/contracts';

/** The latest click of one link incarnation in a batch of clicks.v1 values. */
export interface LastClick {
  tenantId: string;
  domain: string;
  code: string;
  /** The link's creation time as the click saw it: tells a re-created code apart from the link that was clicked. */
  linkCreatedAt: string;
  at: Date;
}

/**
 * Reduces a batch of clicks.v1 values to the newest click per link (key `<domain>/<code>` and creation time).
 * HEAD requests are never counted as clicks (redirector decision), so they do not move lastClickAt. Bots still
 * count: they were redirected and are counted clicks flagged `bot`, as the notifier and analytics see them.
 */
export function latestClicks(facts: readonly ClickFact[]): LastClick[] {
  return newestPerLink(
    facts
      .filter((fact) => fact.method !== 'HEAD')
      .map((fact) => ({
        tenantId: fact.tenantId,
        domain: fact.domain,
        code: fact.code,
        linkCreatedAt: fact.createdAt,
        at: new Date(fact.ts),
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
