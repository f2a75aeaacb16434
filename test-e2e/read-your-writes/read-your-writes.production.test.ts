import { startSystem, type System } from '../system/support/system';
import { failuresOf } from './support/run-checks';
import { runChecksInOwnProcess } from './support/own-process';

jest.setTimeout(900_000);

// The production shape: six services as processes (two redirectors, two notifiers) on the Kafka protocol, nginx in front.
describe('read-your-writes in the production shape', () => {
  let system: System | undefined;

  beforeAll(async () => {
    system = await startSystem();
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('answers every request that depends on an acknowledged write as if the write were applied everywhere', async () => {
    const running = system as System;
    const report = await runChecksInOwnProcess(
      {
        apiUrl: running.gateway.url,
        operatorToken: running.operatorToken,
        visitorPort: running.gateway.port,
        webhookBase: running.receiver.base,
        // Where a slow removal's time went: PostgreSQL itself, or one of the services' event loops.
        watch: {
          metricsUrls: Object.fromEntries([...running.services].map(([label, s]) => [label, `${s.url}/metrics`])),
          databaseUrl: running.postgres.url,
        },
      },
      'production shape',
    );
    expect(failuresOf(report)).toEqual([]);
    // The removal bounds are printed above, not asserted here: with every core burnt by the test and ten processes
    // sharing the two that remain, the production shape's consumers lag by seconds (the embedded test asserts them).
    expect(report.bounds.map((bound) => bound.failures.length)).toEqual(report.bounds.map(() => 0));
  });
});
