import { aiDefinition } from './ai-table';
import { parseAiValue } from './ai-value';
import type { DigitalLinkPathElements } from './digital-link-path';
import { fail, issue, ok, type Gs1Result } from './issue';
import { percentDecode } from './percent-encoding';

export interface DigitalLinkQuery {
  /** Data attributes keyed by AI, decoded and validated. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Non-GS1 query parameters (for example `linkType`), decoded; they are passed on, not validated here. */
  readonly params: Readonly<Record<string, string>>;
}

function attributeIssue(ai: string, path: DigitalLinkPathElements): Gs1Result<void> {
  const d = aiDefinition(ai);
  if (!d) return fail(issue('unknown_ai', `AI ${ai} in the query string is not an AI`, ai));
  if (ai === path.primary[0] || path.qualifiers.some(([q]) => q === ai)) {
    return fail(issue('duplicate_ai', `AI ${ai} appears more than once`, ai));
  }
  const qualifier = aiDefinition(path.primary[0])?.qualifierSequences.some((s) => s.includes(ai)) ?? false;
  if (qualifier)
    return fail(issue('misplaced_ai', `AI ${ai} is a key qualifier and belongs in the path, not the query string`, ai));
  if (!d.dlAttribute)
    return fail(issue('misplaced_ai', `AI ${ai} is not permitted as a Digital Link data attribute`, ai));
  return ok(undefined);
}

/** Splits a query string into validated data attributes (AIs the dictionary flags `?`) and other parameters. */
export function parseDigitalLinkQuery(rawQuery: string, path: DigitalLinkPathElements): Gs1Result<DigitalLinkQuery> {
  const attributes: Record<string, string> = {};
  const params: Record<string, string> = {};
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = percentDecode(eq < 0 ? part : part.slice(0, eq));
    if (!name.ok) return name;
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    if (!/^\d+$/.test(name.value)) {
      const value = percentDecode(rawValue);
      if (!value.ok) return value;
      params[name.value] = value.value;
      continue;
    }
    const ai = name.value;
    const placed = attributeIssue(ai, path);
    if (!placed.ok) return placed;
    if (attributes[ai] !== undefined) return fail(issue('duplicate_ai', `AI ${ai} appears more than once`, ai));
    const decoded = percentDecode(rawValue, ai);
    if (!decoded.ok) return decoded;
    const value = parseAiValue(ai, decoded.value);
    if (!value.ok) return value;
    attributes[ai] = value.value;
  }
  return ok({ attributes, params });
}
