import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testInfraSchema, type TestInfra } from './test-infra';

/** Names the JSON file in which globalSetup hands the shared infrastructure's addresses to test workers. */
export const STATE_ENV = 'WAYMARK_TESTKIT_STATE';

let cached: { path: string; infra: TestInfra } | undefined;

/** Writes the state file into `dir` and exports its path to this process and every child it starts (jest workers). */
export function publishTestInfra(dir: string, infra: TestInfra): string {
  const path = join(dir, 'test-infra.json');
  writeFileSync(path, JSON.stringify(testInfraSchema.parse(infra), null, 2));
  process.env[STATE_ENV] = path;
  return path;
}

export function unpublishTestInfra(): void {
  delete process.env[STATE_ENV];
  cached = undefined;
}

/** In a test file: the shared Postgres, Redis, Kafka and S3 that the integration project's globalSetup started. */
export function getTestInfra(): TestInfra {
  const path = process.env[STATE_ENV];
  if (!path) {
    throw new Error(
      `${STATE_ENV} is not set: run integration tests through jest's "integration" project (its globalSetup ` +
        'starts the infrastructure), or call startTestInfra() from @waymark/testkit in code outside jest',
    );
  }
  if (cached?.path !== path) {
    const parsed = testInfraSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success)
      throw new Error(`the test infrastructure state file ${path} is invalid: ${parsed.error.message}`);
    cached = { path, infra: parsed.data };
  }
  return cached.infra;
}
