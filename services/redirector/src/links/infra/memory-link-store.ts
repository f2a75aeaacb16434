import type { LinkEntry } from '../../shared-kernel/link-entry';
import type { LinkStore } from '../app/links-ports';

/** Every link in one Map: the default read model, sized for a few million links per instance. */
export class MemoryLinkStore implements LinkStore {
  private readonly entries = new Map<string, LinkEntry>();

  get(key: string): LinkEntry | undefined {
    return this.entries.get(key);
  }

  apply(key: string, entry: LinkEntry | null): void {
    if (entry === null) this.entries.delete(key);
    else this.entries.set(key, entry);
  }

  size(): number {
    return this.entries.size;
  }
}
