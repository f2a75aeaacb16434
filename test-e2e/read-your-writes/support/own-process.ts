import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RywReport } from './run-checks';
import type { RywTarget } from './ryw-target';

const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const ENTRY = join(__dirname, 'checks-main.ts');

/**
 * Runs the checks in a fresh node process and returns its report. The test runner's own process has run every test
 * file before this one and carries their heap: its garbage collections stalled the measuring client, and a removal
 * sample then counted the stall as Waymark's time. A process of their own measures Waymark alone.
 */
export async function runChecksInOwnProcess(target: RywTarget, shape: string): Promise<RywReport> {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-ryw-report-'));
  const reportFile = join(dir, 'report.json');
  try {
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [RUN_TS, ENTRY], {
        env: { ...process.env, RYW_TARGET: JSON.stringify(target), RYW_SHAPE: shape, RYW_REPORT_FILE: reportFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
      child.once('error', reject);
      child.once('exit', resolve);
    });
    console.log(output.join(''));
    if (code !== 0) throw new Error(`the read-your-writes checks exited with ${code}:\n${output.join('')}`);
    return JSON.parse(readFileSync(reportFile, 'utf8')) as RywReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
