import type { components } from './generated/api';
import type { WaymarkApi } from './client';
import { WaymarkApiError } from './api-error';

export type Gs1Export = components['schemas']['Gs1ExportView'];
export type Gs1ExportProgress = components['schemas']['Gs1ExportProgressView'];

export interface WaitOptions {
  /** Called after each poll with the job as it stands (its `progress` is set while rendering). */
  onProgress?: (job: Gs1Export) => void;
  /** Pause between polls (default 1 s). */
  intervalMs?: number;
  /** Give up after this long (default 10 min). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A GS1 export job that ended `failed`, or did not end within the wait. */
export class Gs1ExportError extends Error {
  constructor(
    readonly job: Gs1Export,
    message: string,
  ) {
    super(message);
    this.name = 'Gs1ExportError';
  }
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export interface Gs1Exports {
  get(id: string): Promise<Gs1Export>;
  /** Polls the job until it is `ready` (returned, with a fresh `downloadUrl`) or `failed` (thrown). */
  waitUntilReady(id: string, options?: WaitOptions): Promise<Gs1Export>;
  /** The zip of a ready job, fetched from its presigned `downloadUrl` (no API key is sent there). */
  download(job: Gs1Export | string, fetchImpl?: typeof fetch): Promise<Uint8Array>;
}

export function gs1Exports(api: WaymarkApi, defaultFetch: typeof fetch = globalThis.fetch): Gs1Exports {
  const get = async (id: string): Promise<Gs1Export> => {
    const { data, error, response } = await api.GET('/v1/gs1/exports/{id}', { params: { path: { id } } });
    if (data === undefined) throw WaymarkApiError.from(response, error);
    return data;
  };
  const waitUntilReady = async (id: string, options: WaitOptions = {}): Promise<Gs1Export> => {
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    for (;;) {
      const job = await get(id);
      options.onProgress?.(job);
      if (job.status === 'ready') return job;
      if (job.status === 'failed')
        throw new Gs1ExportError(job, `export ${id} failed: ${job.error ?? 'no reason given'}`);
      if (Date.now() >= deadline) throw new Gs1ExportError(job, `export ${id} still ${job.status} at the deadline`);
      await pause(options.intervalMs ?? 1000, options.signal);
    }
  };
  const download = async (job: Gs1Export | string, fetchImpl: typeof fetch = defaultFetch): Promise<Uint8Array> => {
    const ready = typeof job === 'string' ? await get(job) : job;
    if (ready.status !== 'ready' || !ready.downloadUrl) {
      throw new Gs1ExportError(ready, `export ${ready.jobId} is ${ready.status}, not ready to download`);
    }
    const response = await fetchImpl(ready.downloadUrl);
    if (!response.ok) throw new Gs1ExportError(ready, `download of export ${ready.jobId} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  return { get, waitUntilReady, download };
}
