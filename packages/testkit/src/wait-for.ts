export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
  message?: string;
}

/**
 * Polls `probe` until it returns a value that is neither undefined nor false, and resolves with it.
 * A probe that throws counts as "not yet"; its last error is attached to the timeout error so a
 * failing wait says why. Tests wait for conditions with a deadline, never for a fixed time.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  opts: WaitForOptions = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const intervalMs = opts.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const what = opts.message ?? 'condition';
      const why = lastError instanceof Error ? `: last error: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}
