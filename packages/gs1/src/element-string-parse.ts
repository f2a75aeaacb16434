import { aiDefinition } from './ai-table';
import { parseAiValue } from './ai-value';
import type { Gs1Key } from './digital-link-build';
import { GS } from './element-string';
import { fail, issue, ok, type Gs1Result } from './issue';

export interface ParsedElementString {
  readonly key: Gs1Key;
  readonly attributes: Readonly<Record<string, string>>;
}

const FIELD: Record<string, 'cpv' | 'batch' | 'serial'> = { '22': 'cpv', '10': 'batch', '21': 'serial' };

/**
 * Parses the element string a scanner returns for a GS1 symbol (optionally prefixed with its symbology
 * identifier `]d2`, `]Q3`, `]C1` or `]e0`), so a rendered symbol can be checked against the record it carries.
 */
export function parseElementString(data: string): Gs1Result<ParsedElementString> {
  let pos = /^\][A-Za-z]\d/.test(data) ? 3 : 0;
  const key: { gtin?: string; cpv?: string; batch?: string; serial?: string } = {};
  const attributes: Record<string, string> = {};
  while (pos < data.length) {
    // AIs are prefix-free (GS1 General Specifications 3.2): at most one of the 2, 3 and 4 digit prefixes is an AI.
    const ai = [2, 3, 4]
      .map((n) => data.slice(pos, pos + n))
      .find((candidate) => aiDefinition(candidate) !== undefined);
    const definition = ai === undefined ? undefined : aiDefinition(ai);
    if (ai === undefined || !definition) {
      const at = data.slice(pos, pos + 2);
      return fail(issue('unknown_ai', `unsupported AI at position ${pos}: ${JSON.stringify(at)}`, at));
    }
    pos += ai.length;
    let end =
      definition.fixedLength && definition.valueLength !== undefined
        ? pos + definition.valueLength
        : data.indexOf(GS, pos);
    if (end < 0) end = data.length;
    if (end > data.length) return fail(issue('missing_value', `AI ${ai} is cut short`, ai));
    const value = parseAiValue(ai, data.slice(pos, end));
    if (!value.ok) return value;
    pos = data[end] === GS ? end + 1 : end;
    const slot = ai === '01' ? 'gtin' : FIELD[ai];
    const seen = slot ? key[slot] !== undefined : attributes[ai] !== undefined;
    if (seen) return fail(issue('duplicate_ai', `AI ${ai} appears more than once`, ai));
    if (slot) key[slot] = value.value;
    else attributes[ai] = value.value;
  }
  if (key.gtin === undefined) return fail(issue('missing_primary_key', 'element string carries no AI 01 (GTIN)'));
  return ok({ key: key as Gs1Key, attributes });
}
