/*
 * The open-loop load generator's own process (started by load-generator.ts through run-ts.js): it shares no event
 * loop with the bench process, which hosts the probes and the webhook receiver, so their work cannot delay a send or
 * the reading of an answer. Each 'run' message is one open-loop run.
 */
import { LatencyRecorder } from '../latency-recorder';
import { RouteMix } from '../route-mix';
import type { GeneratorReply, GeneratorRun } from './load-generator';
import { runOpenLoop } from './open-loop-load';

process.on('message', (run: GeneratorRun) => {
  const recorder = new LatencyRecorder();
  const mix = new RouteMix(run.codes, run.host, run.apiKey);
  runOpenLoop({ ...run, mix, recorder }).then(
    (result) => {
      const reply: GeneratorReply = {
        ok: true,
        recorded: recorder.export(),
        offered: result.offered,
        keeping: { ...result.keeping },
        elapsedS: result.elapsedS,
        redirectsOk: result.redirectsOk,
      };
      process.send?.(reply);
    },
    (error: unknown) => process.send?.({ ok: false, error: error instanceof Error ? error.stack : String(error) }),
  );
});
process.send?.({ ready: true });
