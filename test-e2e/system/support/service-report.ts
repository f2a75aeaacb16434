import type { System } from './system';

/**
 * What a failed wait on a service should say: whether its process still runs, its /readyz, the first of each warning
 * and error it logged (an outage's repeated errors push the first cause out of the tail), and what it logged last.
 */
export async function serviceReport(system: System, label: string): Promise<string> {
  const service = system.services.get(label);
  if (!service) return `${label} is not running`;
  const body = await fetch(`${service.url}/readyz`).then(
    (r) => r.text(),
    (e: unknown) => `(no answer: ${String(e)})`,
  );
  return `${label} ${service.proc.hasExited ? 'has EXITED' : 'is running'}; /readyz: ${body}\n${label} first warnings and errors since it started:\n${service.proc.warnings()}\n${label} last output:\n${service.proc.output()}`;
}
