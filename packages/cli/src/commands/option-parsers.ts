import { InvalidArgumentError } from 'commander';

/** `a, b,c` -> ['a', 'b', 'c']. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

/** A whole number within bounds, for options such as --limit and --scale. */
export function boundedNumber(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = wholeNumber(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be between ${min} and ${max}`);
    return n;
  };
}

/** Repeatable option: `--tag a --tag b`. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
