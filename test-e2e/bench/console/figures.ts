import type { Interactive } from './interactive-probe';

export interface Row {
  name: string;
  figures: Interactive[];
  /** The target for this row, in ms, printed beside the figures. */
  target?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const [low, high] = [sorted[middle - 1] as number, sorted[middle] as number];
  return sorted.length % 2 ? high : (low + high) / 2;
};
const ms = (value: number) => `${Math.round(value)} ms`;

/** Median and max per row, the long tasks that ran before interactive, and the target where one applies. */
export function printTable(rows: readonly Row[], print: (line: string) => void): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  print(`${'page'.padEnd(width)}  ${'median'.padStart(8)}  ${'max'.padStart(8)}  ${'long tasks'.padStart(12)}  target`);
  for (const row of rows) {
    const times = row.figures.map((f) => f.ms);
    const longTasks = median(row.figures.map((f) => f.longTaskMs));
    const met = row.target !== undefined && median(times) < row.target;
    const verdict = row.target === undefined ? '' : `median < ${ms(row.target)}: ${met ? 'met' : 'MISSED'}`;
    print(
      `${row.name.padEnd(width)}  ${ms(median(times)).padStart(8)}  ${ms(Math.max(...times)).padStart(8)}  ` +
        `${ms(longTasks).padStart(12)}  ${verdict}`,
    );
  }
}
