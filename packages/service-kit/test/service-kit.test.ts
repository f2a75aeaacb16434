import type { Pool } from 'pg';
import type { TopicDef } from '@waymark/contracts';
import type { InProcessEventBus } from '@waymark/events';
import type { ServiceAdapters } from '@waymark/http';
import { createTestDatabase, uniqueName } from '@waymark/testkit';
import { startDeclaredService, type ServiceDeclaration, type ServiceKitConfig } from '../src';
import { FIXTURE_SOURCES, inProcessBus, logger, tickTopic, type TickEvent } from './fixture/kit-fixture';

const config: ServiceKitConfig = { PORT: 0, HOST: '127.0.0.1' };

/** What the fixture service saw, in order: the kit's steps and its own. */
type Journal = string[];

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

/**
 * A service with every kind of part: a pool, the outbox relay, idempotency, a consumer and a periodic task. Each stop
 * writes to the journal what it could still reach, so the tests read the order off the journal.
 */
function fixtureService(
  journal: Journal,
  topic: TopicDef<TickEvent>,
  options: { failAfterConsumer?: Error; extraPart?: string } = {},
): ServiceDeclaration<ServiceKitConfig, ServiceAdapters> {
  let port = 0;
  let pool: Pool;
  const poolAnswers = async () =>
    (await pool.query('SELECT 1').then(
      () => true,
      () => false,
    )) as boolean;
  return {
    name: 'kit-fixture',
    database: { schema: 'kit_fixture', from: FIXTURE_SOURCES, outbox: [topic as TopicDef<unknown>], idempotency: true },
    stopOrder: ['http', 'ticker', 'consumer', 'idempotency', 'outbox', 'pool', 'after-pool'],
    async compose(kit) {
      pool = kit.pool('pool', 2, { level: 'warn', message: 'idle fixture connection failed' });
      kit.part('after-pool', () => journal.push(`pool ended ${pool.ended}`));
      const migrated = await pool.query(`SELECT to_regclass('ticks') AS ticks, to_regclass('outbox') AS outbox`);
      journal.push(`compose: migrated ${migrated.rows[0].ticks !== null && migrated.rows[0].outbox !== null}`);
      await kit.outbox();
      journal.push('outbox started');
      const consumer = await kit.bus.subscribe({
        topic,
        mode: 'group',
        groupId: uniqueName('kit'),
        handleBatch: async () => undefined,
      });
      kit.part('consumer', async () => {
        journal.push(`consumer stopping: http ${await answers(port)}, pool ${await poolAnswers()}`);
        await consumer.stop();
      });
      journal.push('consumer started');
      if (options.failAfterConsumer) throw options.failAfterConsumer;
      const timer = setInterval(() => undefined, 60_000);
      kit.part('ticker', async () => {
        journal.push(`ticker stopping: http ${await answers(port)}, pool ${await poolAnswers()}`);
        clearInterval(timer);
      });
      if (options.extraPart) kit.part(options.extraPart, () => undefined);
      journal.push('ticker started');
      const listener = kit.httpApp({ idempotency: kit.idempotency(), mount: () => undefined });
      return {
        listener,
        started: (bound) => {
          port = bound;
          journal.push('listening');
        },
      };
    },
  };
}

describe('the service kit', () => {
  let databaseUrl: string;
  let bus: InProcessEventBus;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });
  beforeEach(async () => {
    bus = await inProcessBus();
  });
  afterEach(async () => {
    await bus.close();
  });

  it('migrates before composing, then starts the parts in the order the service composes them', async () => {
    const journal: Journal = [];
    const service = await startDeclaredService(fixtureService(journal, tickTopic()), config, {
      logger,
      bus,
      databaseUrl,
    });
    try {
      expect(journal).toEqual([
        'compose: migrated true',
        'outbox started',
        'consumer started',
        'ticker started',
        'listening',
      ]);
      expect(await answers(service.port)).toBe(true);
    } finally {
      await service.stop();
    }
  });

  it('stops the listener first, the consumer and the periodic task next, and the pools last', async () => {
    const journal: Journal = [];
    const service = await startDeclaredService(fixtureService(journal, tickTopic()), config, {
      logger,
      bus,
      databaseUrl,
    });
    journal.splice(0);
    await Promise.all([service.stop(), service.stop()]);
    expect(journal).toEqual([
      'ticker stopping: http false, pool true',
      'consumer stopping: http false, pool true',
      'pool ended true',
    ]);
  });

  it('stops what had started, in the stop order, when a start-up step fails, and reports the failure', async () => {
    const journal: Journal = [];
    const failure = new Error('the consumer cannot work');
    const declaration = fixtureService(journal, tickTopic(), { failAfterConsumer: failure });
    await expect(startDeclaredService(declaration, config, { logger, bus, databaseUrl })).rejects.toBe(failure);
    expect(journal.slice(3)).toEqual(['consumer stopping: http false, pool true', 'pool ended true']);
  });

  it('refuses a part its stop order does not name, and leaves nothing running', async () => {
    const journal: Journal = [];
    const declaration = fixtureService(journal, tickTopic(), { extraPart: 'stray' });
    await expect(startDeclaredService(declaration, config, { logger, bus, databaseUrl })).rejects.toThrow(
      'kit-fixture: "stray" was started but the stop order does not list it',
    );
    expect(journal.slice(3)).toEqual([
      'ticker stopping: http false, pool true',
      'consumer stopping: http false, pool true',
      'pool ended true',
    ]);
  });

  it('names the adapter a service cannot start without, before it starts anything', async () => {
    const journal: Journal = [];
    const declaration = { ...fixtureService(journal, tickTopic()), requires: { rateLimiter: 'a rate limiter' } };
    await expect(startDeclaredService(declaration, config, { logger, bus, databaseUrl })).rejects.toThrow(
      'kit-fixture needs a rate limiter',
    );
    const noDatabase = fixtureService(journal, tickTopic());
    await expect(startDeclaredService(noDatabase, config, { logger, bus })).rejects.toThrow(
      'kit-fixture needs a database (adapters.databaseUrl)',
    );
    expect(journal).toEqual([]);
  });
});
