import type { Logger } from '@waymark/logging';

/** Runs `sweep` every `intervalMs` (never two at once); errors are logged and the next tick tries again. */
export function startSweeper(
  sweep: () => Promise<unknown>,
  intervalMs: number,
  logger: Logger,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = sweep()
      .catch((err: unknown) => logger.error({ err }, 'export sweep failed'))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
