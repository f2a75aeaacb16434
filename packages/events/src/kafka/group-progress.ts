import { setTimeout as sleep } from 'node:timers/promises';
import type { Admin } from 'kafkajs';
import type { BusLogger } from '../shared/bus-logger';
import { errorText } from '../shared/dead-letter';
import type { ProgressBoard } from '../shared/progress-board';

const POLL_MS = 20;
const ERROR_BACKOFF_MS = 500;

/**
 * A group member only sees its own partitions; whether the group reached an offset also depends on the others'
 * commits, which only the broker knows. While some tracker waits on the board, polls the group's committed offsets
 * onto it; idle otherwise. Returns the board's onWaiting hook and a stopper.
 */
export function groupCommitPoller(
  admin: Admin,
  groupId: string,
  topic: string,
  board: () => ProgressBoard,
  logger: BusLogger,
): { wake(): void; stop(): void } {
  let polling = false;
  let stopped = false;
  const loop = async () => {
    polling = true;
    try {
      while (!stopped && board().waiting) {
        try {
          const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
          for (const { partition, offset } of offsets?.partitions ?? []) {
            if (Number(offset) >= 0) board().progress(partition, Number(offset));
          }
          await sleep(POLL_MS);
        } catch (error) {
          logger.warn({ groupId, topic, err: errorText(error) }, 'could not read committed offsets; retrying');
          await sleep(ERROR_BACKOFF_MS);
        }
      }
    } finally {
      polling = false;
    }
  };
  return {
    wake: () => {
      if (!polling && !stopped) void loop();
    },
    stop: () => {
      stopped = true;
    },
  };
}
