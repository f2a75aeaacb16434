import { SCOPES } from '@waymark/contracts';
import { issueTenantKey, startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';

export interface RunningSystem extends EmbeddedWaymark {
  /** A key of the default tenant with every scope, for signing in to the console. */
  apiKey: string;
}

/** The embedded system as `npm start` runs it (console included), plus a key with every scope. */
export async function startEmbeddedSystem(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningSystem> {
  const system = await startEmbeddedWaymark({ env: extraEnv });
  try {
    return { ...system, apiKey: await issueTenantKey(system, SCOPES) };
  } catch (error) {
    await system.stop();
    throw error;
  }
}
