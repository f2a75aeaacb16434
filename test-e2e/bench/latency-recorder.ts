export interface RecordedLatencies {
  samples: [string, number[]][];
  failures: [string, [string, number][]][];
}

/** Latencies and outcomes per route class of a load run. */
export class LatencyRecorder {
  private readonly samples = new Map<string, number[]>();
  private readonly failures = new Map<string, Map<string, number>>();

  record(routeClass: string, ms: number, outcome: 'ok' | string): void {
    if (outcome !== 'ok') {
      const byOutcome = this.failures.get(routeClass) ?? new Map<string, number>();
      byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
      this.failures.set(routeClass, byOutcome);
    }
    const list = this.samples.get(routeClass) ?? [];
    list.push(ms);
    this.samples.set(routeClass, list);
  }

  /** One line per class: count, rate over `seconds`, p50, p99 and the unexpected outcomes. */
  lines(seconds: number): string[] {
    return [...this.samples].map(([routeClass, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const failed = [...(this.failures.get(routeClass) ?? [])].map(([outcome, n]) => `${outcome} x${n}`).join(', ');
      return `${routeClass.padEnd(22)} ${String(list.length).padStart(8)} requests ${(list.length / seconds).toFixed(0).padStart(7)} req/s   p50 ${percentile(sorted, 0.5).toFixed(1)} ms   p99 ${percentile(sorted, 0.99).toFixed(1)} ms${failed ? `   unexpected: ${failed}` : ''}`;
    });
  }

  /** Every latency recorded for one route class, failures included. */
  samplesOf(routeClass: string): readonly number[] {
    return this.samples.get(routeClass) ?? [];
  }

  /** Requests of one route class that did not get their expected answer. */
  failuresOf(routeClass: string): number {
    return [...(this.failures.get(routeClass)?.values() ?? [])].reduce((sum, n) => sum + n, 0);
  }

  /** Requests of every route class that did not get their expected answer. */
  get failed(): number {
    return [...this.failures.keys()].reduce((sum, routeClass) => sum + this.failuresOf(routeClass), 0);
  }

  /** The recorded latencies and outcomes as plain data, to cross a process boundary (see LatencyRecorder.from). */
  export(): RecordedLatencies {
    return {
      samples: [...this.samples],
      failures: [...this.failures].map(([routeClass, byOutcome]) => [routeClass, [...byOutcome]]),
    };
  }

  static from(recorded: RecordedLatencies): LatencyRecorder {
    const recorder = new LatencyRecorder();
    for (const [routeClass, list] of recorded.samples) recorder.samples.set(routeClass, list);
    for (const [routeClass, byOutcome] of recorded.failures) recorder.failures.set(routeClass, new Map(byOutcome));
    return recorder;
  }

  get total(): number {
    let total = 0;
    for (const list of this.samples.values()) total += list.length;
    return total;
  }
}

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}
