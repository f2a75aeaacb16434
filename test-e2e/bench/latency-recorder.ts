/** One route class's requests: latencies (ms) and when each was due or started (ms since the run's start). */
interface ClassSamples {
  ms: number[];
  atMs: number[];
}

export interface RecordedLatencies {
  samples: [string, ClassSamples][];
  /** Per route class: each unexpected outcome with its due time. */
  failures: [string, [string, number][]][];
}

/** Latencies and outcomes per route class of a load run, each with the time it was due, so a window can be cut. */
export class LatencyRecorder {
  private readonly samples = new Map<string, ClassSamples>();
  /** Per route class, each unexpected outcome with its due time. */
  private readonly failures = new Map<string, [string, number][]>();

  /** One answered (or failed) request: its class, latency, outcome and due time in ms since the run's start. */
  record(routeClass: string, ms: number, outcome: 'ok' | string, atMs: number): void {
    if (outcome !== 'ok') {
      const list = this.failures.get(routeClass) ?? [];
      list.push([outcome, atMs]);
      this.failures.set(routeClass, list);
    }
    const entry = this.samples.get(routeClass) ?? { ms: [], atMs: [] };
    entry.ms.push(ms);
    entry.atMs.push(atMs);
    this.samples.set(routeClass, entry);
  }

  /** The requests due at or after `fromMs`: the steady window of a run that began with a warm-up. */
  since(fromMs: number): LatencyRecorder {
    const window = new LatencyRecorder();
    for (const [routeClass, { ms, atMs }] of this.samples) {
      const kept: ClassSamples = { ms: [], atMs: [] };
      atMs.forEach((at, i) => {
        if (at < fromMs) return;
        kept.ms.push(ms[i] as number);
        kept.atMs.push(at);
      });
      if (kept.ms.length > 0) window.samples.set(routeClass, kept);
    }
    for (const [routeClass, list] of this.failures) {
      const kept = list.filter(([, atMs]) => atMs >= fromMs);
      if (kept.length > 0) window.failures.set(routeClass, kept);
    }
    return window;
  }

  /** One line per class: count, rate over `seconds`, p50, p99 and the unexpected outcomes. */
  lines(seconds: number): string[] {
    return [...this.samples].map(([routeClass, { ms }]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const failed = [...this.outcomeCounts(routeClass)].map(([outcome, n]) => `${outcome} x${n}`).join(', ');
      return `${routeClass.padEnd(22)} ${String(ms.length).padStart(8)} requests ${(ms.length / seconds).toFixed(0).padStart(7)} req/s   p50 ${percentile(sorted, 0.5).toFixed(1)} ms   p99 ${percentile(sorted, 0.99).toFixed(1)} ms${failed ? `   unexpected: ${failed}` : ''}`;
    });
  }

  /** Every latency recorded for one route class, failures included. */
  samplesOf(routeClass: string): readonly number[] {
    return this.samples.get(routeClass)?.ms ?? [];
  }

  /** Requests of one route class due in [fromMs, toMs) that got their expected answer. */
  answeredBetween(routeClass: string, fromMs: number, toMs: number): number {
    const due = (at: number) => at >= fromMs && at < toMs;
    const all = (this.samples.get(routeClass)?.atMs ?? []).filter(due).length;
    const failed = (this.failures.get(routeClass) ?? []).filter(([, at]) => due(at)).length;
    return all - failed;
  }

  /** Requests of one route class that did not get their expected answer. */
  failuresOf(routeClass: string): number {
    return this.failures.get(routeClass)?.length ?? 0;
  }

  /** Requests of every route class that did not get their expected answer. */
  get failed(): number {
    return [...this.failures.keys()].reduce((sum, routeClass) => sum + this.failuresOf(routeClass), 0);
  }

  /** The recorded latencies and outcomes as plain data, to cross a process boundary (see LatencyRecorder.from). */
  export(): RecordedLatencies {
    return {
      samples: [...this.samples],
      failures: [...this.failures],
    };
  }

  static from(recorded: RecordedLatencies): LatencyRecorder {
    const recorder = new LatencyRecorder();
    for (const [routeClass, entry] of recorded.samples) recorder.samples.set(routeClass, entry);
    for (const [routeClass, list] of recorded.failures) recorder.failures.set(routeClass, list);
    return recorder;
  }

  get total(): number {
    let total = 0;
    for (const { ms } of this.samples.values()) total += ms.length;
    return total;
  }

  /** The route classes recorded, in the order first seen. */
  get routeClasses(): string[] {
    return [...this.samples.keys()];
  }

  /** How often each unexpected outcome (a status, `503 no Retry-After`, an error name) came for one route class. */
  outcomeCounts(routeClass: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [outcome] of this.failures.get(routeClass) ?? []) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    return counts;
  }
}

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}
