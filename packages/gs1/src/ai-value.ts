import { AI_LINTERS } from './ai-linters';
import type { AiComponent } from './ai-spec';
import { aiDefinition, type AiDefinition } from './ai-table';
import { firstNonCset82 } from './charset82';
import { parseN6Date } from './date-n6';
import { parseGtin } from './gtin';
import { fail, issue, ok, type Gs1Reason, type Gs1Result } from './issue';

const CSET39 = new Set('#-/0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const CHECK_LINTERS = new Set(['csum', 'csumalpha']);
const DATE_LINTERS = new Set(['yymmd0', 'yymmdd', 'yyyymmd0', 'yyyymmdd']);

function charsetIssue(ai: string, c: AiComponent, part: string): Gs1Result<string> | undefined {
  if (c.charset === 'N' && !/^\d*$/.test(part))
    return fail(issue('not_numeric', `AI ${ai} must be digits here: ${JSON.stringify(part)}`, ai));
  if (c.charset === 'X') {
    const bad = firstNonCset82(part);
    if (bad !== undefined)
      return fail(
        issue('bad_character', `AI ${ai} contains ${JSON.stringify(bad)}, which is not in GS1 character set 82`, ai),
      );
  }
  if (c.charset === 'Y' && [...part].some((ch) => !CSET39.has(ch))) {
    return fail(issue('bad_character', `AI ${ai} may contain only GS1 character set 39 (A-Z, 0-9, #, -, /)`, ai));
  }
  // Base64url with its optional padding: up to two '=' after at least one data character, never padding alone.
  if (c.charset === 'Z' && !/^[A-Za-z0-9_-]+={0,2}$/.test(part))
    return fail(issue('bad_character', `AI ${ai} must be base64url`, ai));
  return undefined;
}

function lintIssue(ai: string, c: AiComponent, part: string, referenceYear: number): Gs1Result<string> | undefined {
  for (const name of c.linters) {
    const problem = AI_LINTERS[name]?.(part, referenceYear);
    if (problem === null || problem === undefined) continue;
    const reason: Gs1Reason = CHECK_LINTERS.has(name)
      ? 'bad_check_digit'
      : DATE_LINTERS.has(name)
        ? 'bad_date'
        : 'bad_value';
    return fail(issue(reason, `AI ${ai}: ${JSON.stringify(part)} ${problem}`, ai));
  }
  return undefined;
}

function lengthIssue(d: AiDefinition, value: string): Gs1Result<string> | undefined {
  if (d.valueLength !== undefined && value.length !== d.valueLength) {
    return fail(
      issue('bad_length', `AI ${d.ai} must have exactly ${d.valueLength} characters, not ${value.length}`, d.ai),
    );
  }
  const max = d.components.reduce((sum, c) => sum + c.max, 0);
  if (value.length > max)
    return fail(issue('too_long', `AI ${d.ai} has ${value.length} characters; at most ${max} allowed`, d.ai));
  const min = d.components.reduce((sum, c) => sum + (c.optional ? 0 : c.min), 0);
  if (value.length < min)
    return fail(issue('bad_length', `AI ${d.ai} must have at least ${min} characters, not ${value.length}`, d.ai));
  return undefined;
}

/** Applies each component of the AI's specification in turn, each consuming its prefix of the value. */
function parseComponents(d: AiDefinition, value: string, referenceYear: number): Gs1Result<string> {
  const wrongLength = lengthIssue(d, value);
  if (wrongLength) return wrongLength;
  let pos = 0;
  for (const c of d.components) {
    if (c.optional && pos >= value.length) break;
    const take = c.min === c.max ? c.max : Math.min(value.length - pos, c.max);
    const part = value.slice(pos, pos + take);
    if (part.length < c.min)
      return fail(issue('bad_length', `AI ${d.ai} is too short for its format ${d.format}`, d.ai));
    const problem = charsetIssue(d.ai, c, part) ?? lintIssue(d.ai, c, part, referenceYear);
    if (problem) return problem;
    pos += take;
  }
  return ok(value);
}

/**
 * Validates an AI value against its format in the GS1 Barcode Syntax Dictionary (character sets, lengths and the
 * linters it names) and returns it in canonical form (a GTIN becomes 14 digits; other values are unchanged).
 */
export function parseAiValue(
  ai: string,
  value: string,
  referenceYear = new Date().getUTCFullYear(),
): Gs1Result<string> {
  const d = aiDefinition(ai);
  if (!d) return fail(issue('unknown_ai', `AI ${ai} is not supported`, ai));
  if (value.length === 0) return fail(issue('empty_value', `AI ${ai} is empty`, ai));
  if (ai === '01') return parseGtin(value);
  if (d.format === 'N6,yymmd0') {
    const date = parseN6Date(value, ai, referenceYear);
    return date.ok ? ok(value) : date;
  }
  if (value === '.' || value === '..') {
    // Dot segments are removed by URI normalisation (RFC 3986 5.2.4, WHATWG URL even for %2E), so such a value
    // could not survive in a Digital Link path.
    return fail(
      issue('bad_character', `AI ${ai} cannot be "${value}": a dot segment does not survive in a URI path`, ai),
    );
  }
  return parseComponents(d, value, referenceYear);
}
