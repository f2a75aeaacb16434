import { writeFileSync } from 'node:fs';
import { runReadYourWritesChecks } from './run-checks';
import type { RywTarget } from './ryw-target';
import { runMain } from '@waymark/testkit';

// The entry of the process that runs the checks (runChecksInOwnProcess): the target and the shape come from the
// environment, the report goes to the file RYW_REPORT_FILE names.
async function main(): Promise<void> {
  const target = JSON.parse(process.env.RYW_TARGET ?? 'null') as RywTarget | null;
  const reportFile = process.env.RYW_REPORT_FILE;
  if (!target || !reportFile) throw new Error('RYW_TARGET and RYW_REPORT_FILE must be set');
  const report = await runReadYourWritesChecks(target, process.env.RYW_SHAPE ?? 'unnamed shape');
  writeFileSync(reportFile, JSON.stringify(report));
}

runMain(main);
