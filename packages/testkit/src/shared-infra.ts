import { z } from 'zod';
import { containerEngineReachable, startContainerInfra } from './containers-provider';
import type { StartedTestInfra } from './infra-provider';
import { startLocalInfra } from './local-provider';

const providerSchema = z.enum(['auto', 'local', 'containers']).default('auto');

/**
 * Starts the shared infrastructure of a run: containers when a Docker engine is reachable, local
 * processes otherwise. WAYMARK_TESTKIT_PROVIDER=local|containers forces one (containers then fails
 * loudly without an engine).
 */
export async function startTestInfra(): Promise<StartedTestInfra> {
  const parsed = providerSchema.safeParse(process.env.WAYMARK_TESTKIT_PROVIDER || undefined);
  if (!parsed.success) {
    throw new Error(
      `WAYMARK_TESTKIT_PROVIDER must be one of auto, local, containers; got "${process.env.WAYMARK_TESTKIT_PROVIDER}"`,
    );
  }
  const useContainers = parsed.data === 'containers' || (parsed.data === 'auto' && (await containerEngineReachable()));
  return useContainers ? startContainerInfra() : startLocalInfra();
}
