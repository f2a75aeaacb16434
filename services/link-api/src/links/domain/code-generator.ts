import { randomInt } from 'node:crypto';
import { customCodeIssue } from '@waymark/contracts';

/** Letters and digits without look-alikes (0/O, 1/l/I), so a code read off print can be typed back. */
export const CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 57^7 is about 1.9e12 codes per domain: collisions stay rare long after millions of links. */
export const GENERATED_CODE_LENGTH = 7;

/**
 * A random code (crypto RNG, unbiased) that also passes the custom-code rules, so a generated code can never
 * shadow a reserved path. Uniqueness is the store's job: it retries on collision.
 */
export function generateCode(length: number = GENERATED_CODE_LENGTH): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (customCodeIssue(code) === null) return code;
  }
}
