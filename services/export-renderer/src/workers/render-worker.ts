import { parentPort } from 'node:worker_threads';
import { defaultGs1Encoding, renderRecord, type RenderedRecord } from '../render';
import type { RenderReply, RenderTask } from './render-protocol';

/*
 * A render worker thread: renders the records of each task it is sent, one task after another, and replies with
 * the files, symbols and checks of each record in order. Rendering is pure CPU work, so threads use every core.
 */
const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

function withoutGeometry(rendered: RenderedRecord): RenderedRecord {
  return { ...rendered, symbols: rendered.symbols.map((s) => ({ ...s, artwork: { ...s.artwork, rects: [], glyphs: [] } })) };
}

async function run(task: RenderTask): Promise<RenderReply> {
  try {
    const results: RenderedRecord[] = [];
    for (const job of task.jobs) {
      const rendered = await renderRecord(job.record, job.base, task.options, defaultGs1Encoding);
      results.push(task.keepGeometry ? rendered : withoutGeometry(rendered));
    }
    return { id: task.id, results };
  } catch (err) {
    return { id: task.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (task: RenderTask) => {
  queue = queue.then(async () => port.postMessage(await run(task)));
});
