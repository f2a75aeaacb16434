import { setTimeout as sleep } from 'node:timers/promises';
import type { WaymarkClient } from '@waymark/sdk';
import { apiError, reachable } from '../api/api-answer';
import type { ImportOptions } from './import-state';
import { batchTooLargeOf } from '@waymark/csv';
import type { BulkResult, SendBatch } from './run-import';

/** How long a resent batch waits for the API to finish the same batch a crashed run sent (409 meanwhile). */
const IN_PROGRESS_WAIT_MS = 60_000;

/**
 * Sends batches to POST /v1/gs1/links/bulk with their Idempotency-Key. `bulk_too_large` (the plan's row cap, named in
 * its details) and 413 ask for smaller batches; 409 means the API is still running the same batch from a crashed
 * run, whose answer is then replayed once it is kept.
 */
export function bulkSender(api: WaymarkClient, options: ImportOptions): SendBatch {
  return async (records, idempotencyKey) => {
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      const answer = await reachable(
        api.POST('/v1/gs1/links/bulk', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body: { records: records as never, tags: options.tags, upsert: options.upsert },
        }),
      );
      const { response } = answer;
      if (response.ok) return answer.data as BulkResult;
      const tooLarge = batchTooLargeOf(response.status, answer.error);
      if (tooLarge) throw tooLarge;
      const error = answer.error as { code?: string } | undefined;
      if (response.status === 409 && error?.code === 'conflict' && Date.now() < deadline) {
        await sleep(1000);
        continue;
      }
      throw apiError(response, answer.error);
    }
  };
}
