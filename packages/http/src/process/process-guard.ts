import type { Logger } from '@waymark/logging';

/**
 * Keeps a started process serving when an error escapes the handling of one request (an uncaught exception or an
 * unhandled rejection): it is logged with its cause, and every other request, and every other service of the
 * embedded mode, goes on. Install it only once start-up has completed: until then node's default stands, and a
 * failure stops the process with its cause. Returns the function that removes it.
 */
export function installProcessGuard(logger: Logger, target: NodeJS.Process = process): () => void {
  const onException = (err: Error, origin: string): void => {
    logger.error({ err, origin }, 'an error escaped its request; the process keeps serving');
  };
  const onRejection = (reason: unknown): void => {
    logger.error(
      { err: reason, origin: 'unhandledRejection' },
      'an error escaped its request; the process keeps serving',
    );
  };
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
