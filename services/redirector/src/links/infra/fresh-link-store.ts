import type { FreshReads } from '@waymark/events';
import type { LinkEntry } from '../../shared-kernel/link-entry';
import type { LinkStore, LogPosition } from '../app/links-ports';

/**
 * The link read model, read your writes: a code it does not hold is looked up again once the model has caught up
 * with links.v1 (and identity.v1) as of the visit, so a link created just before its first visit redirects. Hits
 * are answered as before, synchronously when in process; a code found missing after a catch-up is remembered for a
 * moment, so scanners probing random or mistyped codes cost one broker look-up per round, not one each.
 */
export class FreshLinkStore implements LinkStore {
  constructor(
    private readonly inner: LinkStore,
    private readonly fresh: Pick<FreshReads, 'afterMiss'>,
  ) {}

  get(key: string): LinkEntry | undefined | Promise<LinkEntry | undefined> {
    const found = this.inner.get(key);
    if (found instanceof Promise)
      return found.then((entry) => entry ?? this.fresh.afterMiss(key, () => this.inner.get(key)));
    return found ?? this.fresh.afterMiss(key, () => this.inner.get(key));
  }

  apply(key: string, entry: LinkEntry | null, position: LogPosition): void | Promise<void> {
    return this.inner.apply(key, entry, position);
  }

  size(): number {
    return this.inner.size();
  }
}
