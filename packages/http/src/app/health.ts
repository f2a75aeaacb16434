import { Router, type Request } from 'express';
import type { Logger } from '@waymark/logging';
import { isDraining } from './lifecycle';
import { HEALTH_PATH, READY_PATH } from './probe-paths';

/** Named dependency checks: resolve true when the dependency can serve (a ping, a cheap query). */
export type ReadinessChecks = Readonly<Record<string, () => Promise<boolean>>>;
export type CheckOutcome = 'ok' | 'failed' | 'timeout';

const TIMED_OUT = Symbol('timeout');

async function runCheck(
  check: () => Promise<boolean>,
  timeoutMs: number,
  log: Logger,
  name: string,
): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const result = await Promise.race([check(), deadline]);
    if (result === TIMED_OUT) return 'timeout';
    return result === true ? 'ok' : 'failed';
  } catch (err) {
    log.warn({ err, check: name }, 'readiness check threw');
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process is alive and its event loop answers (no dependency is consulted, so a database outage
 * never gets the process restarted). `/readyz`: every dependency check in parallel, each with a short deadline.
 */
export function healthRoutes(checks: ReadinessChecks, timeoutMs: number): Router {
  const router = Router();
  router.get(HEALTH_PATH, (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get(READY_PATH, async (req: Request, res) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.all(
      names.map((n) => runCheck(checks[n] as () => Promise<boolean>, timeoutMs, req.log, n)),
    );
    const results = Object.fromEntries(names.map((n, i) => [n, outcomes[i] as CheckOutcome]));
    const failing = names.filter((n) => results[n] !== 'ok');
    if (isDraining(req.app)) {
      res.status(503).json({ error: 'Shutting down', code: 'unavailable', details: { checks: results } });
    } else if (failing.length > 0) {
      res
        .status(503)
        .json({ error: `Not ready: ${failing.join(', ')}`, code: 'unavailable', details: { checks: results } });
    } else {
      res.json({ status: 'ok', checks: results });
    }
  });
  return router;
}
