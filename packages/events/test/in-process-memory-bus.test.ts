import { InProcessEventBus, MemoryEventLogStore } from '../src';
import { busContract, FAST_RETRY } from './bus-contract';
import { RecordingLogger } from './contract/fixtures';

busContract('the in-process bus on the memory store', async () => {
  const store = new MemoryEventLogStore();
  return {
    open: (logger = new RecordingLogger()) => InProcessEventBus.start({ store, logger, retry: FAST_RETRY }),
    compact: (bus) => (bus as InProcessEventBus).runMaintenance(),
  };
});
