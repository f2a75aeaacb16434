import type { TestInfra } from './test-infra';

/** One run's shared infrastructure, whichever provider started it. */
export interface StartedTestInfra {
  provider: 'local' | 'containers';
  infra: TestInfra;
  stop(): Promise<void>;
}

/**
 * Starts every piece at once; if one fails, stops the pieces that did start and reports every failure,
 * so a broken run leaves nothing running and says everything that is missing.
 */
export async function startAll<T extends Record<string, Promise<{ stop(): Promise<unknown> }>>>(
  pieces: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const names = Object.keys(pieces) as (keyof T)[];
  const settled = await Promise.allSettled(names.map((name) => pieces[name]));
  const failures = settled.flatMap((result, i) =>
    result.status === 'rejected' ? [`${String(names[i])}: ${errorText(result.reason)}`] : [],
  );
  if (failures.length > 0) {
    await Promise.allSettled(
      settled.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    );
    throw new Error(`could not start the test infrastructure:\n${failures.join('\n')}`);
  }
  const started = {} as { [K in keyof T]: Awaited<T[K]> };
  names.forEach((name, i) => {
    started[name] = (settled[i] as PromiseFulfilledResult<Awaited<T[typeof name]>>).value;
  });
  return started;
}

export async function stopAll(pieces: readonly { stop(): Promise<unknown> }[]): Promise<void> {
  const results = await Promise.allSettled(pieces.map((piece) => piece.stop()));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [errorText(result.reason)] : []));
  if (failures.length > 0) throw new Error(`could not stop the test infrastructure:\n${failures.join('\n')}`);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
