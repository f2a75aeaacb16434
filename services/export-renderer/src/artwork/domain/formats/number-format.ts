/**
 * Numbers rounded to 3 decimals in the shortest form: a thousandth of a point or millimetre is far below any
 * device's resolution, and `String` of the rounded double avoids the cost of toFixed plus trimming.
 */
export function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

export const PT_PER_MM = 72 / 25.4;
