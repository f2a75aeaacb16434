import { aiDefinition } from './ai-table';
import { normalizeAttributes, normalizeKey, qualifiersOf, type Gs1Attributes, type Gs1Key } from './digital-link-build';

/** ASCII group separator: the FNC1 that ends a variable-length AI inside a GS1 element string as a scanner sends it. */
export const GS = '\u001d';

/**
 * The AI/value pairs of a key plus its data attributes in element-string order: predefined-length AIs first
 * (01, then dates), variable-length ones after (22, 10, 21), so the fewest separators are needed.
 * Throws Gs1ValidationError on an invalid value.
 */
export function elementPairs(key: Gs1Key, attributes: Gs1Attributes = {}): Array<[ai: string, value: string]> {
  const k = normalizeKey(key);
  return [['01', k.gtin], ...normalizeAttributes(attributes), ...qualifiersOf(k)];
}

/** Human-readable interpretation: `(01)09506000134352(17)261231(10)ABC`. */
export function elementStringHri(key: Gs1Key, attributes: Gs1Attributes = {}): string {
  return elementPairs(key, attributes)
    .map(([ai, v]) => `(${ai})${v}`)
    .join('');
}

function joined(pairs: Array<[string, string]>, separator: string): string {
  return pairs
    .map(([ai, v], i) => {
      const last = i === pairs.length - 1;
      return `${ai}${v}${!last && !aiDefinition(ai)?.fixedLength ? separator : ''}`;
    })
    .join('');
}

/**
 * The data a scanner transmits after the `]d2` (DataMatrix) or `]Q3` (QR) symbology identifier: AIs and values
 * concatenated, with GS after every variable-length value that is not last.
 */
export function elementStringRaw(key: Gs1Key, attributes: Gs1Attributes = {}): string {
  return joined(elementPairs(key, attributes), GS);
}

/**
 * The text for bwip-js `datamatrix` (or `gs1datamatrix`-free encoding) with `parsefnc: true`: a leading `^FNC1`
 * marks the symbol as GS1, and `^FNC1` separates variable-length fields. `^` is not in GS1 character set 82, so
 * values never need escaping (unlike the bracketed form, where `(` and `)` in a batch would be ambiguous).
 */
export function elementStringFnc1(key: Gs1Key, attributes: Gs1Attributes = {}): string {
  return `^FNC1${joined(elementPairs(key, attributes), '^FNC1')}`;
}
