import { domainToUnicode } from 'node:url';

/** Scripts that never decide a mix: digits, hyphen and combining marks belong to every script. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
const SCRIPTS = [
  ...['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Hebrew', 'Arabic', 'Thai', 'Devanagari', 'Georgian', 'Cherokee'],
  ...['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo'],
];
const SCRIPT_PATTERNS = SCRIPTS.map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));

/** Mixes that a language writes with (UTS #39 "highly restrictive"); any other mix of scripts in one label is refused. */
const ALLOWED_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/**
 * Why a host name is a likely homograph (`аpple.com` with a Cyrillic а), or null. Rule: one host label must be
 * written in one script (or one of the CJK mixes above). A label entirely in another script (`пример.рф`) passes;
 * a whole-script look-alike of a Latin name is not detected (that needs a confusables table and a reputation feed).
 */
export function mixedScriptProblem(asciiHostname: string): string | null {
  const unicode = domainToUnicode(asciiHostname);
  if (!unicode || unicode === asciiHostname) return null;
  for (const label of unicode.split('.')) {
    const scripts = new Set<string>();
    for (const char of label) {
      if (NEUTRAL.test(char)) continue;
      scripts.add(SCRIPT_PATTERNS.find(({ pattern }) => pattern.test(char))?.name ?? 'Other');
    }
    if (scripts.size > 1 && !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)))) {
      return `the host label ${label} mixes scripts (${[...scripts].join(', ')}), a look-alike of another name`;
    }
  }
  return null;
}
