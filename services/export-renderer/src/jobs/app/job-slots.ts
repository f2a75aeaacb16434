/**
 * How many export jobs a renderer renders at once, and how many of them one tenant may hold: at most all but one
 * slot, so another tenant's job always finds a slot without waiting for a whole job to end. Waiting jobs take the
 * first slot their tenant may use, in arrival order.
 */
export class JobSlots {
  private readonly held = new Map<string, number>();
  private inHand = 0;
  private readonly waiting: { tenant: string; grant(): void }[] = [];
  private readonly perTenant: number;

  constructor(readonly size: number) {
    this.perTenant = size > 1 ? size - 1 : 1;
  }

  /** Resolves with the release function once the tenant's job may start. */
  async acquire(tenant: string): Promise<() => void> {
    if (!this.fits(tenant)) await new Promise<void>((grant) => this.waiting.push({ tenant, grant }));
    this.take(tenant);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.give(tenant);
    };
  }

  private fits(tenant: string): boolean {
    return this.inHand < this.size && (this.held.get(tenant) ?? 0) < this.perTenant;
  }

  private take(tenant: string): void {
    this.inHand++;
    this.held.set(tenant, (this.held.get(tenant) ?? 0) + 1);
  }

  private give(tenant: string): void {
    this.inHand--;
    const left = (this.held.get(tenant) ?? 1) - 1;
    if (left === 0) this.held.delete(tenant);
    else this.held.set(tenant, left);
    const next = this.waiting.findIndex((w) => this.fits(w.tenant));
    // The slot is taken by the waiter as it resumes; nothing else runs in between on this thread.
    if (next >= 0) this.waiting.splice(next, 1)[0]!.grant();
  }
}
