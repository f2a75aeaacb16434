/**
 * GS1 standard check digit (mod 10) of a digit string without its check digit: weights 3 and 1 alternate
 * from the rightmost digit, so leading zeros never change the result (GTIN-8/12/13 padded to 14 keep theirs).
 */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new TypeError('check digit body must be digits');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of `digits` is the GS1 check digit of the rest. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}
