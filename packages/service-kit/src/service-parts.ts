/**
 * What a service has started, each under a name its declaration lists in `stopOrder`. Stopping runs the started
 * parts in that order, whether the service is stopped or a later start-up step failed (nothing is left running).
 */
export class ServiceParts {
  private readonly stops = new Map<string, () => Promise<unknown>>();

  constructor(
    private readonly service: string,
    private readonly stopOrder: readonly string[],
  ) {
    const duplicate = stopOrder.find((name, index) => stopOrder.indexOf(name) !== index);
    if (duplicate) throw new Error(`${service}: stop order lists "${duplicate}" twice`);
  }

  /** Records a started part; its name must be in the declared stop order, and only once. */
  add(name: string, stop: () => unknown): void {
    if (!this.stopOrder.includes(name)) {
      throw new Error(`${this.service}: "${name}" was started but the stop order does not list it`);
    }
    if (this.stops.has(name)) throw new Error(`${this.service}: "${name}" was started twice`);
    this.stops.set(name, async () => stop());
  }

  /** Stops every started part in the declared order; each is stopped once, even if stop is called again. */
  async stopAll(): Promise<void> {
    for (const name of this.stopOrder) {
      const stop = this.stops.get(name);
      if (!stop) continue;
      this.stops.delete(name);
      await stop();
    }
  }
}
