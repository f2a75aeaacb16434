import type { StartedTestInfra } from './infra-provider';
import { startTestInfra } from './shared-infra';
import { publishTestInfra } from './state-file';
import { createTempDir } from './temp-dir';

/** What globalSetup leaves for globalTeardown; jest runs both in its main process. */
export interface RunState {
  started: StartedTestInfra;
  dir: string;
}

export const RUN_STATE_KEY = Symbol.for('@waymark/testkit/run-state');

/**
 * jest `integration` project globalSetup: starts the shared Postgres, Redis, Kafka and S3 once per run
 * and publishes their addresses in a state file whose path reaches the workers through the environment.
 */
export default async function globalSetup(): Promise<void> {
  const started = await startTestInfra();
  const dir = createTempDir('run');
  publishTestInfra(dir, started.infra);
  const state: RunState = { started, dir };
  (globalThis as Record<symbol, unknown>)[RUN_STATE_KEY] = state;
}
