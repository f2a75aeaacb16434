import { percentile } from './latency-recorder';
import type { DirectSystem } from '../system/support/system';
import type { Tenant } from '../system/support/tenant';
import { visit } from '../system/support/visitor';

export interface ProbeLatencies {
  toWebhook: number[];
  toAnalytics: number[];
  /** Probes whose webhook or analytics count had not arrived 90 s after the load. */
  missing: { webhook: number; analytics: number };
  /** Probe clicks the gateway did not answer with a redirect (timed out or failed): no latency to measure. */
  unanswered: number;
}

/** Every how many probes one is also watched in analytics, and how often: the polling is itself API load. */
const ANALYTICS_SAMPLE_EVERY = 4;
const ANALYTICS_POLL_MS = 1000;

/**
 * Clicks on probe links (one click each, one probe every `everyMs`) while the load runs. A probe link notifies the
 * bench's webhook channel, so its delivery's arrival at the receiver, and the first analytics read that counts it,
 * give the click-to-webhook and click-to-analytics latencies under load. Analytics is polled for every
 * ANALYTICS_SAMPLE_EVERY-th probe once a second (so those latencies are good to about a second): polling every probe
 * every 100 ms was itself hundreds of analytics reads a second, more than the load's whole API share.
 */
export class ClickProbes {
  private readonly sentAt = new Map<string, number>();
  private readonly analyticsAt = new Map<string, number>();
  private readonly analyticsWatched = new Set<string>();
  private readonly pollers: Promise<void>[] = [];
  private unanswered = 0;

  constructor(
    private readonly system: DirectSystem,
    private readonly tenant: Tenant,
    private readonly hookPath: string,
  ) {}

  async run(codes: readonly string[], everyMs: number, untilMs: number): Promise<void> {
    for (const code of codes) {
      if (Date.now() + everyMs > untilMs) break;
      const started = Date.now();
      // Under overload a probe may time out: it is counted, and the run goes on, as the load itself does.
      const answer = await visit(this.system.gateway.port, this.tenant.domain, `/${code}`).catch(() => undefined);
      if (answer?.status !== 302) this.unanswered += 1;
      else this.watch(code, started, untilMs);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (Date.now() - started))));
    }
  }

  private watch(code: string, sentAt: number, untilMs: number): void {
    this.sentAt.set(code, sentAt);
    if (this.sentAt.size % ANALYTICS_SAMPLE_EVERY === 1) {
      this.analyticsWatched.add(code);
      this.pollers.push(this.pollAnalytics(code, untilMs + 90_000));
    }
  }

  /** Waits (up to `graceMs`) for the stragglers, then reads the latencies. */
  async results(graceMs: number): Promise<ProbeLatencies> {
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && this.webhookArrivals().size < this.sentAt.size)
      await new Promise((r) => setTimeout(r, 200));
    await Promise.all(this.pollers);
    const arrivals = this.webhookArrivals();
    const toWebhook: number[] = [];
    const toAnalytics: number[] = [];
    for (const [code, sent] of this.sentAt) {
      const arrived = arrivals.get(code);
      if (arrived !== undefined) toWebhook.push(arrived - sent);
      const counted = this.analyticsAt.get(code);
      if (counted !== undefined) toAnalytics.push(counted - sent);
    }
    return {
      toWebhook,
      toAnalytics,
      missing: {
        webhook: this.sentAt.size - toWebhook.length,
        analytics: this.analyticsWatched.size - toAnalytics.length,
      },
      unanswered: this.unanswered,
    };
  }

  private webhookArrivals(): Map<string, number> {
    const first = new Map<string, number>();
    for (const delivery of this.system.receiver.received) {
      if (delivery.path !== this.hookPath) continue;
      const code = (JSON.parse(delivery.body) as { code?: string }).code;
      if (code && !first.has(code)) first.set(code, delivery.receivedAt);
    }
    return first;
  }

  private async pollAnalytics(code: string, untilMs: number): Promise<void> {
    while (Date.now() < untilMs) {
      const reply = await this.tenant.api.raw('GET', `/v1/links/${code}/analytics?window=24h`);
      if (reply.status === 200 && (reply.body?.totals?.total ?? 0) >= 1) {
        this.analyticsAt.set(code, Date.now());
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, ANALYTICS_POLL_MS));
    }
  }
}

export function describeLatencies(name: string, values: readonly number[], missing: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => percentile(sorted, q).toFixed(0);
  const max = (sorted[sorted.length - 1] ?? Number.NaN).toFixed(0);
  return (
    `${name.padEnd(22)} ${String(values.length).padStart(4)} probes   p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   ` +
    `p99 ${at(0.99)} ms   max ${max} ms${missing ? `   not arrived: ${missing}` : ''}`
  );
}
