import type { Subscription } from '../event-bus';

export interface FreshReadsOptions {
  /** Longest a miss waits for the read model to catch up; then CatchUpTimeoutError (503). Default 2000. */
  timeoutMs?: number;
  /** How long a key that was still missing after a catch-up is answered "missing" without asking again. Default 1000. */
  negativeTtlMs?: number;
  /** Most keys remembered as missing; the oldest are forgotten first. Default 10 000. */
  negativeMax?: number;
  now?: () => number;
}

type Maybe<T> = T | Promise<T>;

/**
 * Read-your-writes for a read model fed by events: a lookup that misses (or a decision that would say "no") first
 * catches the model up to the head of its topics as of now, then answers. Writers acknowledge only once their event
 * is on the topic, so a write acknowledged before the request is seen. Hits cost nothing. A key still missing after a
 * catch-up is remembered for a short while, so a flood of requests for the same unknown key asks the broker once.
 */
export class FreshReads {
  private readonly timeoutMs: number;
  private readonly negativeTtlMs: number;
  private readonly negativeMax: number;
  private readonly now: () => number;
  /** Key -> until when it is known missing (epoch ms); Map order is insertion order, oldest first. */
  private readonly missing = new Map<string, number>();

  constructor(
    private readonly sources: readonly Pick<Subscription, 'catchUp'>[],
    options: FreshReadsOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.negativeTtlMs = options.negativeTtlMs ?? 1000;
    this.negativeMax = options.negativeMax ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Waits until every source has handled what its topic held now (coalesced with concurrent callers). */
  async catchUp(): Promise<void> {
    await Promise.all(this.sources.map((source) => source.catchUp(this.timeoutMs)));
  }

  /** `lookup`, and when it finds nothing, again after a catch-up (unless `key` was found missing just before). */
  async find<T>(key: string, lookup: () => Maybe<T | undefined>): Promise<T | undefined> {
    const found = await lookup();
    return found !== undefined ? found : this.afterMiss(key, lookup);
  }

  /** For a caller whose own lookup of `key` just missed (a hot path that answers hits synchronously). */
  async afterMiss<T>(key: string, lookup: () => Maybe<T | undefined>): Promise<T | undefined> {
    if (this.knownMissing(key)) return undefined;
    await this.catchUp();
    const after = await lookup();
    if (after === undefined) this.rememberMissing(key);
    else this.missing.delete(key);
    return after;
  }

  /**
   * For decisions rather than lookups (a scope the key lacks, a domain the tenant does not have): `decide`, and when
   * its answer is not `accepted`, once more after a catch-up. No negative cache: such refusals are rare.
   */
  async confirm<T>(decide: () => Maybe<T>, accepted: (answer: T) => boolean): Promise<T> {
    const first = await decide();
    if (accepted(first)) return first;
    await this.catchUp();
    return decide();
  }

  /** The model just applied a change of `key`: a remembered miss of it no longer holds. */
  forget(key: string): void {
    this.missing.delete(key);
  }

  private knownMissing(key: string): boolean {
    const until = this.missing.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.missing.delete(key);
    return false;
  }

  private rememberMissing(key: string): void {
    this.missing.delete(key);
    this.missing.set(key, this.now() + this.negativeTtlMs);
    if (this.missing.size > this.negativeMax) {
      const oldest = this.missing.keys().next().value;
      if (oldest !== undefined) this.missing.delete(oldest);
    }
  }
}
