import { createTestDatabase } from '@waymark/testkit';
import { InProcessEventBus, PgEventLogStore } from '../src';
import { busContract, FAST_RETRY } from './bus-contract';
import { RecordingLogger } from './contract/fixtures';

// Every open() builds a new pool and store on the same database: closing and opening is a real restart.
busContract('the in-process bus on the PostgreSQL store', async () => {
  const connectionString = await createTestDatabase();
  return {
    open: (logger = new RecordingLogger()) =>
      InProcessEventBus.start({ store: new PgEventLogStore({ connectionString }), logger, retry: FAST_RETRY }),
    compact: (bus) => (bus as InProcessEventBus).runMaintenance(),
  };
});
