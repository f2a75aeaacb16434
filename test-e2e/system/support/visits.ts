import { waitFor } from '@waymark/testkit';
import type { System } from './system';
import { visit } from './visitor';

/**
 * Waits until every redirector instance behind the gateway sends `path` on `host` to `location` (the gateway
 * balances round robin, so several answers in a row). HEAD requests are answered like GET but never counted, so
 * waiting adds no click to the analytics under test.
 */
export async function waitForRedirect(
  system: System,
  host: string,
  path: string,
  location: string | RegExp,
  timeoutMs = 20_000,
): Promise<void> {
  const matches = (value: string | undefined) =>
    typeof location === 'string' ? value === location : location.test(value ?? '');
  await waitFor(
    async () => {
      for (let i = 0; i < 4; i += 1) {
        if (!matches((await visit(system.gateway.port, host, path, { method: 'HEAD' })).location)) return false;
      }
      return true;
    },
    { timeoutMs, intervalMs: 100, message: `${host}${path} to redirect to ${String(location)} at every redirector` },
  );
}
