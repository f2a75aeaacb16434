import { Presets, SingleBar } from 'cli-progress';
import type { CliContext } from './cli-context';

/** A progress bar on stderr (cli-progress); silent with --json or when stderr is not a terminal. */
export interface Progress {
  start(total: number, payload?: Record<string, unknown>): void;
  update(value: number, payload?: Record<string, unknown>): void;
  setTotal(total: number): void;
  stop(): void;
}

export function progressBar(context: CliContext, format: string): Progress {
  if (context.json || !context.stderr.isTTY) {
    return { start: () => undefined, update: () => undefined, setTotal: () => undefined, stop: () => undefined };
  }
  const bar = new SingleBar(
    { format, stream: context.stderr, hideCursor: true, etaBuffer: 20 },
    Presets.shades_classic,
  );
  let started = false;
  return {
    start(total, payload) {
      bar.start(total, 0, payload);
      started = true;
    },
    update: (value, payload) => bar.update(value, payload),
    setTotal: (total) => bar.setTotal(total),
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
