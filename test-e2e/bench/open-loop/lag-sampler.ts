import { request } from 'undici';
import { combineLags, parseLagMetrics, type LagPoint } from './lag-math';

export interface ScrapedService {
  name: string;
  port: number;
}

/**
 * Samples every consumer group's lag every `intervalMs` from the services' own `/metrics` (the
 * event_consumer_lag_messages gauge, which reads the group's committed offsets from the broker), into one series
 * per group and topic. A scrape that fails leaves that sample without the service's series.
 */
export class LagSampler {
  readonly series = new Map<string, LagPoint[]>();
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly services: readonly ScrapedService[],
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.startedAt = performance.now();
    const tick = () => {
      this.inFlight = this.sample().finally(() => {
        if (this.timer) this.timer = setTimeout(tick, this.intervalMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<Map<string, LagPoint[]>> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
    return this.series;
  }

  private async sample(): Promise<void> {
    const atS = (performance.now() - this.startedAt) / 1000;
    const scrapes = await Promise.all(
      this.services.map(async ({ name, port }) => {
        try {
          const reply = await request(`http://127.0.0.1:${port}/metrics`, { headersTimeout: 5000, bodyTimeout: 5000 });
          const text = await reply.body.text();
          return { service: name, lags: reply.statusCode === 200 ? parseLagMetrics(text) : [] };
        } catch {
          return { service: name, lags: [] };
        }
      }),
    );
    for (const [key, lag] of combineLags(scrapes)) {
      const points = this.series.get(key) ?? [];
      points.push({ atS, lag });
      this.series.set(key, points);
    }
  }
}
