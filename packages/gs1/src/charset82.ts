/**
 * GS1 AI encodable character set 82 (GS1 General Specifications, figure 7.11-1): the 82 characters allowed in
 * alphanumeric ("X") AI values such as batch (10), serial (21) and consumer product variant (22).
 * Space, `#`, `$`, `@`, `[`, `\`, `]`, `^`, backquote, `{`, `|`, `}` and `~` are not in it.
 */
export const CSET82 = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;

const allowed = new Set(CSET82);

/** The first character of `value` outside set 82, or undefined when every character is in it. */
export function firstNonCset82(value: string): string | undefined {
  for (const ch of value) if (!allowed.has(ch)) return ch;
  return undefined;
}
