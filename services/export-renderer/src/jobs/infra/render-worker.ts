import { parentPort } from 'node:worker_threads';
import type { RenderedRecord } from '../../artwork/app/artwork-ports';
import { renderRecord } from '../../artwork/app/render-record';
import { defaultGs1Encoding } from '../../artwork/domain/gs1/gs1-encoding.default';
import { loadZxing, zxingSymbolReader } from '../../artwork/infra/zxing-symbol-reader';
import type { RenderReply, RenderTask } from './render-protocol';

/*
 * A render worker thread: renders the records of each task it is sent, one task after another, and replies with
 * the files (deflated, checksummed and in zip form, so the thread writing the zip only copies them), symbols and
 * checks of each record in order. Rendering is pure CPU work, so threads use every core.
 */
const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

function withoutGeometry(rendered: RenderedRecord): RenderedRecord {
  return {
    ...rendered,
    symbols: rendered.symbols.map((s) => ({ ...s, artwork: { ...s.artwork, rects: [], glyphs: [] } })),
  };
}

/** In a worker thread the heap figures are this thread's own isolate's (rss is the whole process's). */
function memoryBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapTotal + usage.external;
}

async function run(task: RenderTask): Promise<RenderReply> {
  try {
    const results: RenderedRecord[] = [];
    for (const job of task.jobs) {
      const rendered = await renderRecord(
        job.record,
        job.base,
        task.options,
        defaultGs1Encoding,
        new Date(task.zipDate),
        zxingSymbolReader,
      );
      results.push(task.keepGeometry ? rendered : withoutGeometry(rendered));
    }
    // The zip blobs leave with the reply (transferred), so they are not the thread's to keep.
    const leaving = results.reduce((n, r) => n + r.zip.blob.byteLength, 0);
    return { id: task.id, results, memoryBytes: memoryBytes() - leaving };
  } catch (err) {
    return {
      id: task.id,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      memoryBytes: memoryBytes(),
    };
  }
}

/** The zip blobs move to the main thread instead of being copied (each owns its ArrayBuffer). */
function transferList(reply: RenderReply): ArrayBuffer[] {
  return 'results' in reply ? reply.results.map((r) => r.zip.blob.buffer as ArrayBuffer) : [];
}

// The preflight reader is compiled while the thread waits for its first task, not during a job.
let queue: Promise<unknown> = loadZxing();
port.on('message', (task: RenderTask) => {
  queue = queue.then(async () => {
    const reply = await run(task);
    port.postMessage(reply, transferList(reply));
  });
});
