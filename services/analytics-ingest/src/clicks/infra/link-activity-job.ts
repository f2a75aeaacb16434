import type { Pool } from 'pg';
import type { EventBus } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import { publishLinkActivity } from '../app/publish-link-activity';
import { BusLinkActivityPublisher } from './bus-link-activity.publisher';
import { PgLinkActivityRepository } from './pg-link-activity.repository';

export interface LinkActivityJobOptions {
  pool: Pool;
  bus: EventBus;
  /** The pause between the end of one run and the start of the next: no link is published twice within it. */
  intervalMs: number;
  pageSize: number;
  logger: Logger;
}

/** Two-key advisory lock ('lnka', the schema's hash): one instance of an installation publishes at a time. */
const LOCK = `pg_try_advisory_lock(1819175777, hashtext(current_schema()))`;
const UNLOCK = `pg_advisory_unlock(1819175777, hashtext(current_schema()))`;

/**
 * Publishes the links' pending activity on link-activity.v1 every interval (the first run one interval after start).
 * Runs never overlap, and each publishes a link at most once, so a link goes out at most once per interval however
 * often it is clicked. Instances of one installation take turns through an advisory lock, whose session ends with a
 * crashed instance. A failed run is logged; its rows stay pending for the next.
 */
export function startLinkActivityJob(options: LinkActivityJobOptions): {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
} {
  const publisher = new BusLinkActivityPublisher(options.bus);
  const runOnce = async (): Promise<number> => {
    const client = await options.pool.connect();
    let broken: Error | undefined;
    try {
      const { rows } = await client.query<{ locked: boolean }>(`SELECT ${LOCK} AS locked`);
      if (!rows[0]?.locked) return 0;
      try {
        // The run's statements use the locked connection: one connection per run, whatever the pool's size.
        const store = new PgLinkActivityRepository(client);
        return await publishLinkActivity({ store, publisher, pageSize: options.pageSize });
      } finally {
        await client.query(`SELECT ${UNLOCK}`).catch((error: Error) => (broken = error));
      }
    } finally {
      // A connection that could not unlock is closed instead of returned, which releases its lock.
      client.release(broken ?? false);
    }
  };
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .then((published) => {
          if (published > 0) options.logger.debug({ published }, 'link activity published');
        })
        .catch((error: unknown) => options.logger.error({ err: error }, 'publishing link activity failed'))
        .finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
