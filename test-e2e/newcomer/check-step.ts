/** A named step of the newcomer check failed; main prints `newcomer check failed at step: <name>: <reason>`. */
export class StepFailure extends Error {
  constructor(
    readonly step: string,
    readonly reason: string,
  ) {
    super(`newcomer check failed at step: ${step}: ${reason}`);
  }
}

/** Runs one step; any error it throws becomes that step's failure, and its success is printed as progress. */
export async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  try {
    const value = await run();
    process.stdout.write(`newcomer check: ${name}: ok (${Date.now() - started} ms)\n`);
    return value;
  } catch (error) {
    if (error instanceof StepFailure) throw error;
    throw new StepFailure(name, error instanceof Error ? error.message : String(error));
  }
}

/** Throws `reason` unless `condition` holds: a step's own assertion. */
export function ensure(condition: unknown, reason: string): asserts condition {
  if (!condition) throw new Error(reason);
}
