import type { EventBus } from '../src';
import type { BusFactory, ContractContext } from './contract/bus-factory';
import { catchUpContract } from './contract/catch-up.contract';
import { deliveryContract } from './contract/delivery.contract';
import { failureContract } from './contract/failure.contract';
import { replayContract } from './contract/replay.contract';
import { skipContract } from './contract/skip.contract';
import { stateContract } from './contract/state.contract';
import { tracingContract } from './contract/tracing.contract';

export type { BusFactory, ContractContext } from './contract/bus-factory';
export { FAST_RETRY } from './contract/bus-factory';

/**
 * The event bus contract, written once and run against every implementation (kafkajs on a Kafka-protocol
 * cluster, the in-process bus on each EventLogStore).
 */
export function busContract(name: string, makeFactory: () => Promise<BusFactory>): void {
  describe(`${name} honours the event bus contract`, () => {
    // Joining a Kafka consumer group takes seconds; the per-project testTimeout is not honoured by every jest run.
    jest.setTimeout(60_000);
    let factory: BusFactory;
    let opened: EventBus[] = [];
    const context: ContractContext = {
      open: async (logger) => {
        const bus = await factory.open(logger);
        opened.push(bus);
        return bus;
      },
      compact: async (bus) => {
        if (factory.compact) await factory.compact(bus);
      },
    };

    beforeAll(async () => {
      factory = await makeFactory();
    });

    afterEach(async () => {
      const buses = opened;
      opened = [];
      await Promise.all(buses.map((bus) => bus.close()));
    });

    deliveryContract(context);
    failureContract(context);
    stateContract(context);
    replayContract(context);
    catchUpContract(context);
    tracingContract(context);
    skipContract(context);
  });
}
