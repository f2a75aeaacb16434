/** A link whose stored state changed (edited, deleted, created, clicked). */
export interface LinkRef {
  tenantId: string;
  code: string;
}

export interface InvalidationListener {
  invalidate(ref: LinkRef): void;
  /** The feed was interrupted or said something unreadable: every cached read is suspect. */
  reset(): void;
}

/**
 * How the instances of link-api tell each other which links changed, so that each can drop what it cached.
 * Delivery is best effort; a cache that cannot trust the feed (`live()` false) must not serve reads.
 */
export interface LinkInvalidations {
  /** Tells every instance, this one included, that these links changed. Never throws: a failure is logged. */
  publish(refs: readonly LinkRef[]): Promise<void>;
  listen(listener: InvalidationListener): void;
  /** True while changes published anywhere are being received. */
  live(): boolean;
  close(): Promise<void>;
}

/** One process is the whole installation (embedded mode, single-instance tests): changes are known at once. */
export class InProcessLinkInvalidations implements LinkInvalidations {
  private readonly listeners: InvalidationListener[] = [];

  async publish(refs: readonly LinkRef[]): Promise<void> {
    for (const listener of this.listeners) for (const ref of refs) listener.invalidate(ref);
  }

  listen(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  live(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
  }
}
