import type { LatencyRecorder } from '../latency-recorder';

/** How one API route class was answered under overload. */
export interface ApiAnswers {
  routeClass: string;
  /** Answered with the status the call expects (200, 201). */
  ok: number;
  /** Shed: 503 with Retry-After, the answer an overloaded API owes. */
  shed: number;
  /** Everything else, by outcome: timeouts and socket errors, 5xx other than 503, a 503 without Retry-After, 4xx. */
  failures: Map<string, number>;
}

/** Route classes of API calls (the route mix names them `api ...`). */
const isApiClass = (routeClass: string) => routeClass.startsWith('api ');

/** Each API route class's answers counted by kind; the recorder marks a 503 without Retry-After on its own. */
export function countApiAnswers(recorder: LatencyRecorder): ApiAnswers[] {
  return recorder.routeClasses.filter(isApiClass).map((routeClass) => {
    const failures = new Map<string, number>();
    let shed = 0;
    for (const [outcome, n] of recorder.outcomeCounts(routeClass)) {
      if (outcome === '503') shed += n;
      else failures.set(outcome, n);
    }
    const ok = recorder.samplesOf(routeClass).length - recorder.failuresOf(routeClass);
    return { routeClass, ok, shed, failures };
  });
}

export const failuresOf = (answers: ApiAnswers): number => [...answers.failures.values()].reduce((a, b) => a + b, 0);

export function apiAnswerLine(answers: ApiAnswers): string {
  const failures = [...answers.failures].map(([outcome, n]) => `${outcome} x${n}`).join(', ');
  return (
    `${answers.routeClass.padEnd(22)} ${String(answers.ok).padStart(7)} answered   ` +
    `${String(answers.shed).padStart(7)} shed (503 with Retry-After)   ` +
    `${String(failuresOf(answers)).padStart(5)} failed${failures ? ` (${failures})` : ''}`
  );
}
