/** One step of the rate search: a short open-loop run at one offered rate. */
export interface StepOutcome {
  rate: number;
  redirectP99Ms: number;
  /** Every consumer group's lag stayed bounded over the step. */
  lagsBounded: boolean;
  /** Sends dropped at the in-flight limit plus requests that did not get their expected answer. */
  failed: number;
}

/** The offered rates of a search: from `from` up to `to` (inclusive when on the grid) in steps of `step`. */
export function stepRates(from: number, to: number, step: number): number[] {
  if (!(from > 0 && step > 0 && to >= from)) throw new RangeError(`bad search range ${from}..${to} step ${step}`);
  const rates: number[] = [];
  for (let rate = from; rate <= to + 1e-9; rate += step) rates.push(rate);
  return rates;
}

/** A step holds when redirect p99 stays under the limit, every lag stays bounded and nothing was dropped or failed. */
export function stepHolds(outcome: StepOutcome, p99LimitMs: number): boolean {
  return outcome.redirectP99Ms < p99LimitMs && outcome.lagsBounded && outcome.failed === 0;
}

/**
 * The highest rate that holds: the last step of the unbroken run of holding steps from the lowest rate (a step that
 * holds above one that failed is luck, not capacity). Undefined when even the lowest rate fails.
 */
export function highestHoldingRate(outcomes: readonly StepOutcome[], p99LimitMs: number): number | undefined {
  let highest: number | undefined;
  for (const outcome of [...outcomes].sort((a, b) => a.rate - b.rate)) {
    if (!stepHolds(outcome, p99LimitMs)) break;
    highest = outcome.rate;
  }
  return highest;
}
