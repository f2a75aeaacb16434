import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../system/support/service-process';
import { LatencyRecorder, type RecordedLatencies } from '../latency-recorder';
import type { OpenLoopOptions, OpenLoopResult } from './open-loop-load';
import { ScheduleKeeping } from './rate-schedule';

/** One open-loop run as the generator process receives it: the route mix's inputs instead of the mix itself. */
export type GeneratorRun = Omit<OpenLoopOptions, 'mix' | 'recorder'> & {
  host: string;
  apiKey: string;
  codes: readonly string[];
};

export type GeneratorReply =
  | {
      ok: true;
      recorded: RecordedLatencies;
      offered: number;
      keeping: Pick<ScheduleKeeping, 'sent' | 'late' | 'dropped' | 'maxLatenessMs'>;
      elapsedS: number;
      redirectsOk: number;
    }
  | { ok: false; error: string };

export interface LoadGenerator {
  pid: number;
  run(run: GeneratorRun): Promise<{ load: OpenLoopResult; recorder: LatencyRecorder }>;
  stop(): void;
}

const RUN_TS = require.resolve('@waymark/runtime/run-ts');

/** Starts the load generator in its own process (see load-generator-process.ts); one run at a time. */
export async function startLoadGenerator(): Promise<LoadGenerator> {
  const child: ChildProcess = fork(RUN_TS, [path.join(__dirname, 'load-generator-process.ts')], { cwd: REPO_ROOT });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code} before it was ready`)));
  });
  return {
    pid: child.pid as number,
    run: (run) =>
      new Promise((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`the load generator exited with ${code}`));
        child.once('exit', exited);
        child.once('message', (reply: GeneratorReply) => {
          child.off('exit', exited);
          if (!reply.ok) return reject(new Error(`the load generator failed: ${reply.error}`));
          const keeping = Object.assign(new ScheduleKeeping(run.lateAfterMs ?? 5), reply.keeping);
          const { offered, elapsedS, redirectsOk } = reply;
          const load = { offered, keeping, elapsedS, redirectsOk };
          resolve({ load, recorder: LatencyRecorder.from(reply.recorded) });
        });
        child.send(run);
      }),
    stop: () => void child.kill(),
  };
}
