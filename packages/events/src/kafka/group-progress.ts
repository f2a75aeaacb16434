import type { Admin } from 'kafkajs';
import type { BusLogger } from '../shared/bus-logger';
import type { CaughtUpTracker } from '../shared/caught-up';
import { errorText } from '../shared/dead-letter';

const POLL_MS = 500;

/**
 * A group member only sees its own partitions; the group's caughtUp also depends on the others' commits, which
 * only the broker knows. Polls the group's committed offsets until the tracker is done; returns a stopper.
 */
export function watchGroupProgress(
  admin: Admin,
  groupId: string,
  topic: string,
  tracker: CaughtUpTracker,
  logger: BusLogger,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const poll = async () => {
    try {
      const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
      for (const { partition, offset } of offsets?.partitions ?? []) {
        if (Number(offset) >= 0) tracker.progress(partition, Number(offset));
      }
    } catch (error) {
      logger.warn({ groupId, topic, err: errorText(error) }, 'could not read committed offsets; retrying');
    }
    if (!tracker.done && !stopped) timer = setTimeout(() => void poll(), POLL_MS);
  };
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
