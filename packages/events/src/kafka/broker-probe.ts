import type { Admin } from 'kafkajs';

export interface BrokerProbeOptions {
  /** How long one probe waits for a broker to answer. Default 2 s. */
  answerWithinMs?: number;
  /** After failing for this long, the probe's admin client is replaced by a fresh one. Default 10 s. */
  replaceAfterMs?: number;
  now?: () => number;
}

/** A probe outcome: true, or why the cluster is not considered reachable. */
export type ProbeOutcome = true | string;

/**
 * Asks the cluster for its brokers through an admin client of its own. A client whose connection has gone stale
 * (a request that never gets an answer, so every later probe queues behind it) would keep a process unready while
 * the cluster itself is fine: after failing for `replaceAfterMs` the probe drops its client and connects a new one,
 * the same remedy Kafka tooling applies to a wedged admin client.
 */
export class BrokerProbe {
  private admin: Admin;
  /** The admin's connect(), started on first use; forgotten when it fails, so the next probe tries again. */
  private connected: Promise<void> | undefined;
  private failingSince: number | undefined;
  private readonly answerWithinMs: number;
  private readonly replaceAfterMs: number;
  private readonly now: () => number;

  constructor(
    private readonly createAdmin: () => Admin,
    options: BrokerProbeOptions = {},
  ) {
    this.answerWithinMs = options.answerWithinMs ?? 2_000;
    this.replaceAfterMs = options.replaceAfterMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.admin = createAdmin();
  }

  /** How many times the admin client has been replaced (for logs and tests). */
  replacements = 0;

  async probe(): Promise<ProbeOutcome> {
    const outcome = await this.ask();
    if (outcome === true) {
      this.failingSince = undefined;
      return true;
    }
    this.failingSince ??= this.now();
    if (this.now() - this.failingSince >= this.replaceAfterMs) this.replaceAdmin();
    return outcome;
  }

  async close(): Promise<void> {
    await this.admin.disconnect();
  }

  private async ask(): Promise<ProbeOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no broker answered within ${this.answerWithinMs} ms`), this.answerWithinMs);
    });
    const admin = this.admin;
    const answer = this.connect(admin)
      .then(() => admin.describeCluster())
      .then(
        (cluster): ProbeOutcome => (cluster.brokers.length > 0 ? true : 'the cluster reported no brokers'),
        (error: unknown) => `the metadata request failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private connect(admin: Admin): Promise<void> {
    this.connected ??= admin.connect().catch((error: unknown) => {
      if (this.admin === admin) this.connected = undefined;
      throw error;
    });
    return this.connected;
  }

  private replaceAdmin(): void {
    const stale = this.admin;
    stale.disconnect().catch(() => undefined);
    this.admin = this.createAdmin();
    this.connected = undefined;
    this.failingSince = this.now();
    this.replacements += 1;
  }
}
