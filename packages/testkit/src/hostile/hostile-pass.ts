import { hostileRequests, type EntryPoint } from './hostile-requests';
import { rawExchange } from './raw-exchange';

const CONCURRENCY = 8;
const ROTATION = 5;

/**
 * Sends the whole hostile corpus to every path of every entry point and lists what was not a clean refusal: a 5xx,
 * or a connection closed without an answer (allowed only when the body was shorter than announced).
 */
export async function hostilePassFailures(entryPoints: readonly EntryPoint[]): Promise<string[]> {
  const work = entryPoints.flatMap((entry) =>
    entry.paths.flatMap((path, p) => {
      const { always, rotated } = hostileRequests(entry, path);
      // Each path gets every ROTATION-th of the rest, starting at its own index: an entry point with at least
      // ROTATION paths sees all of it, and the run stays seconds long.
      const share = rotated.filter((_, i) => (i + p) % ROTATION === 0);
      return [...always, ...share].map((request) => ({ entry, request }));
    }),
  );
  const failures: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < work.length) {
      const { entry, request } = work[next++]!;
      const answer = await rawExchange(entry.port, request.bytes, { halfClose: request.truncated });
      const clean = answer.status >= 200 && answer.status < 500;
      if (!clean && !(answer.status === 0 && request.truncated))
        failures.push(`${entry.name} ${request.label}: ${answer.head.split('\r\n')[0] || 'closed without an answer'}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}
