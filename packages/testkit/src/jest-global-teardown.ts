import { RUN_STATE_KEY, type RunState } from './jest-global-setup';
import { unpublishTestInfra } from './state-file';
import { removeTempDir } from './temp-dir';

/** jest `integration` project globalTeardown: stops everything globalSetup started. */
export default async function globalTeardown(): Promise<void> {
  const registry = globalThis as Record<symbol, unknown>;
  const state = registry[RUN_STATE_KEY] as RunState | undefined;
  if (!state) return;
  delete registry[RUN_STATE_KEY];
  unpublishTestInfra();
  try {
    await state.started.stop();
  } finally {
    removeTempDir(state.dir);
  }
}
