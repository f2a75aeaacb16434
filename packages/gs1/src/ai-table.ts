import { firstNonCset82 } from './charset82';
import { parseN6Date } from './date-n6';
import { parseGtin } from './gtin';
import { fail, issue, ok, type Gs1Result } from './issue';

/**
 * Role of an AI in a GS1 Digital Link: the primary key opens the path, key qualifiers follow it in a fixed
 * order, data attributes go in the query string.
 */
export type AiRole = 'primary' | 'qualifier' | 'attribute';
export type AiFormat = 'N14' | 'X..20' | 'N6date';

export interface AiDefinition {
  readonly ai: string;
  readonly title: string;
  readonly shortName: string;
  readonly format: AiFormat;
  readonly role: AiRole;
  /** Predefined-length AIs need no FNC1/GS separator after them in an element string. */
  readonly fixedLength: boolean;
}

const def = (ai: string, shortName: string, title: string, format: AiFormat, role: AiRole): AiDefinition => ({
  ai,
  shortName,
  title,
  format,
  role,
  fixedLength: format !== 'X..20',
});

/** The AIs Waymark supports (GS1 General Specifications section 3). Others are refused as unknown. */
export const AI_TABLE: Readonly<Record<string, AiDefinition>> = {
  '01': def('01', 'GTIN', 'Global Trade Item Number', 'N14', 'primary'),
  '22': def('22', 'CPV', 'Consumer product variant', 'X..20', 'qualifier'),
  '10': def('10', 'BATCH/LOT', 'Batch or lot number', 'X..20', 'qualifier'),
  '21': def('21', 'SERIAL', 'Serial number', 'X..20', 'qualifier'),
  '11': def('11', 'PROD DATE', 'Production date', 'N6date', 'attribute'),
  '13': def('13', 'PACK DATE', 'Packaging date', 'N6date', 'attribute'),
  '15': def('15', 'BEST BEFORE or BEST BY', 'Best before date', 'N6date', 'attribute'),
  '16': def('16', 'SELL BY', 'Sell by date', 'N6date', 'attribute'),
  '17': def('17', 'USE BY OR EXPIRY', 'Expiration date', 'N6date', 'attribute'),
};

/** Key qualifiers of AI 01 in the only order a Digital Link path allows (GS1 Digital Link standard). */
export const GTIN_QUALIFIER_ORDER = ['22', '10', '21'] as const;

export const DATA_ATTRIBUTE_AIS: readonly string[] = Object.values(AI_TABLE)
  .filter((d) => d.role === 'attribute')
  .map((d) => d.ai);

export function aiDefinition(ai: string): AiDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(AI_TABLE, ai) ? AI_TABLE[ai] : undefined;
}

function parseX20(ai: string, value: string): Gs1Result<string> {
  if (value.length === 0) return fail(issue('empty_value', `AI ${ai} is empty`, ai));
  if (value.length > 20) return fail(issue('too_long', `AI ${ai} has ${value.length} characters; at most 20 allowed`, ai));
  const bad = firstNonCset82(value);
  if (bad !== undefined) {
    return fail(issue('bad_character', `AI ${ai} contains ${JSON.stringify(bad)}, which is not in GS1 character set 82`, ai));
  }
  if (value === '.' || value === '..') {
    // Dot segments are removed by URI normalisation (RFC 3986 5.2.4, WHATWG URL even for %2E), so such a value
    // could not survive in a Digital Link path.
    return fail(issue('bad_character', `AI ${ai} cannot be "${value}": a dot segment does not survive in a URI path`, ai));
  }
  return ok(value);
}

/**
 * Validates an AI value against its GS1 format and returns it in canonical form (a GTIN becomes 14 digits;
 * other values are returned unchanged).
 */
export function parseAiValue(ai: string, value: string, referenceYear?: number): Gs1Result<string> {
  const definition = aiDefinition(ai);
  if (!definition) return fail(issue('unknown_ai', `AI ${ai} is not supported`, ai));
  switch (definition.format) {
    case 'N14':
      return parseGtin(value);
    case 'X..20':
      return parseX20(ai, value);
    case 'N6date': {
      if (value.length === 0) return fail(issue('empty_value', `AI ${ai} is empty`, ai));
      const date = parseN6Date(value, ai, referenceYear);
      return date.ok ? ok(value) : date;
    }
  }
}
