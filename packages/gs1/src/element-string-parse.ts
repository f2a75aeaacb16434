import { aiDefinition, parseAiValue } from './ai-table';
import type { Gs1Key } from './digital-link-build';
import { GS } from './element-string';
import { fail, issue, ok, type Gs1Result } from './issue';

export interface ParsedElementString {
  readonly key: Gs1Key;
  readonly attributes: Readonly<Record<string, string>>;
}

const FIXED_VALUE_LENGTH: Record<string, number> = { N14: 14, N6date: 6 };
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
    const ai = data.slice(pos, pos + 2);
    const definition = aiDefinition(ai);
    if (!definition) return fail(issue('unknown_ai', `unsupported AI at position ${pos}: ${JSON.stringify(ai)}`, ai));
    pos += 2;
    let end = definition.fixedLength ? pos + (FIXED_VALUE_LENGTH[definition.format] as number) : data.indexOf(GS, pos);
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
