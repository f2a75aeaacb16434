import type { Logger } from '@waymark/logging';

/** One ordered part of a shutdown: stop HTTP, stop consumers and commit offsets, close clients... */
export interface ShutdownStep {
  readonly name: string;
  run(): Promise<void> | void;
}

export interface ShutdownOptions {
  readonly signals?: readonly NodeJS.Signals[];
  /** A last resort if a step hangs: exit 1 after this long. */
  readonly timeoutMs?: number;
  /** Injected so the sequence can be exercised without ending the process; process.exit by default. */
  readonly exit?: (code: number) => void;
}

export interface ShutdownHandle {
  /** Runs the steps (once, whoever calls first: a signal or the process itself). */
  shutdown(reason: string): Promise<void>;
  /** Removes the signal listeners. */
  uninstall(): void;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * On SIGTERM/SIGINT, runs `steps` in order, once, then exits: 0 when every step succeeded, 1 when one failed
 * (the remaining steps still run, so one stuck client does not keep offsets uncommitted) or the timeout passed.
 */
export function installShutdown(
  logger: Logger,
  steps: readonly ShutdownStep[],
  options: ShutdownOptions = {},
): ShutdownHandle {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  let running: Promise<void> | undefined;

  const runSteps = async (reason: string): Promise<void> => {
    logger.info({ reason, steps: steps.map((s) => s.name) }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS }, 'shutdown timed out');
      exit(1);
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    timer.unref();
    let failed = false;
    for (const step of steps) {
      const started = Date.now();
      try {
        await step.run();
        logger.info({ step: step.name, ms: Date.now() - started }, 'shutdown step done');
      } catch (err) {
        failed = true;
        logger.error({ err, step: step.name }, 'shutdown step failed');
      }
    }
    clearTimeout(timer);
    logger.info({ failed }, 'shutdown complete');
    exit(failed ? 1 : 0);
  };

  const shutdown = (reason: string): Promise<void> => (running ??= runSteps(reason));
  const onSignal = (signal: NodeJS.Signals): void => {
    if (running) logger.warn({ signal }, 'shutdown already in progress');
    void shutdown(signal);
  };
  for (const signal of signals) process.on(signal, onSignal);

  return {
    shutdown,
    uninstall: () => {
      for (const signal of signals) process.off(signal, onSignal);
    },
  };
}
