import { startSystem, type System } from '../system/support/system';
import { boundsMissed, failuresOf } from './support/run-checks';
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
    // The bound the decisions document states. It holds on a small host with every core burnt, once the kernel's
    // autogroup is off (scripts/test-host-scheduling.sh): with it on, the kernel can leave PostgreSQL's backends
    // runnable but unscheduled for seconds, and the watch above prints such a stall beside the delays.
    expect(boundsMissed(report)).toEqual([]);
  });
});
