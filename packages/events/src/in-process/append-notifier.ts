/**
 * Wakes subscribers of a topic when something is appended to it, so no subscriber polls. The version counter
 * closes the gap between "I read and found nothing" and "I wait": waiting on a stale version returns at once.
 */
export class AppendNotifier {
  private readonly versions = new Map<string, number>();
  private readonly waiters = new Map<string, Set<() => void>>();

  version(topic: string): number {
    return this.versions.get(topic) ?? 0;
  }

  appended(topic: string): void {
    this.versions.set(topic, this.version(topic) + 1);
    const waiting = this.waiters.get(topic);
    this.waiters.delete(topic);
    for (const wake of waiting ?? []) wake();
  }

  /** Resolves after an append newer than `seenVersion`, or when `interrupt` resolves. */
  async waitForAppend(topic: string, seenVersion: number, interrupt: Promise<void>): Promise<void> {
    if (this.version(topic) !== seenVersion) return;
    let wake!: () => void;
    const appended = new Promise<void>((resolve) => (wake = resolve));
    const waiting = this.waiters.get(topic) ?? new Set();
    waiting.add(wake);
    this.waiters.set(topic, waiting);
    await Promise.race([appended, interrupt]);
    this.waiters.get(topic)?.delete(wake);
  }

  /** Releases what the notifier holds beyond its waiters (nothing here; a cross-thread one its channel). */
  close(): void {}
}
