import { AI_ORDER, aiDefinition, isDataAttribute } from './ai-table';
import { parseAiValue } from './ai-value';
import { parseGtin } from './gtin';
import { Gs1ValidationError, issue, type Gs1Result } from './issue';
import { percentEncode } from './percent-encoding';

/** The identity of a GS1 Digital Link: a GTIN plus optional key qualifiers (AI 22, 10, 21). */
export interface Gs1Key {
  readonly gtin: string;
  readonly cpv?: string;
  readonly batch?: string;
  readonly serial?: string;
}

/** Data attributes keyed by AI number (for example `{ '17': '261231' }`); they go in the query string. */
export type Gs1Attributes = Readonly<Record<string, string>>;

/** Key qualifiers with their AI, in path order. */
export function qualifiersOf(key: Gs1Key): Array<[ai: string, value: string]> {
  const out: Array<[string, string]> = [];
  if (key.cpv !== undefined) out.push(['22', key.cpv]);
  if (key.batch !== undefined) out.push(['10', key.batch]);
  if (key.serial !== undefined) out.push(['21', key.serial]);
  return out;
}

function must<T>(result: Gs1Result<T>): T {
  if (!result.ok) throw new Gs1ValidationError(result.issue);
  return result.value;
}

/** The key with its GTIN normalised to 14 digits; throws Gs1ValidationError on any invalid value. */
export function normalizeKey(key: Gs1Key): Gs1Key {
  const gtin = must(parseGtin(key.gtin));
  for (const [ai, value] of qualifiersOf(key)) must(parseAiValue(ai, value));
  const out: { gtin: string; cpv?: string; batch?: string; serial?: string } = { gtin };
  if (key.cpv !== undefined) out.cpv = key.cpv;
  if (key.batch !== undefined) out.batch = key.batch;
  if (key.serial !== undefined) out.serial = key.serial;
  return out;
}

/**
 * The derived Digital Link path `01/<gtin14>/22/<cpv>/10/<batch>/21/<serial>` (absent qualifiers left out,
 * values percent-encoded, no leading slash). It is the record's `code`. Throws Gs1ValidationError on bad input.
 */
export function buildDigitalLinkPath(key: Gs1Key): string {
  const k = normalizeKey(key);
  return ['01', k.gtin, ...qualifiersOf(k).flatMap(([ai, v]) => [ai, percentEncode(v)])].join('/');
}

/** Validates data attributes (AIs the dictionary permits in a Digital Link query) and returns them in AI order. */
export function normalizeAttributes(attributes: Gs1Attributes): Array<[ai: string, value: string]> {
  for (const ai of Object.keys(attributes)) {
    if (!aiDefinition(ai)) throw new Gs1ValidationError(issue('unknown_ai', `AI ${ai} is not supported`, ai));
    if (!isDataAttribute(ai))
      throw new Gs1ValidationError(issue('misplaced_ai', `AI ${ai} is not a data attribute`, ai));
  }
  return AI_ORDER.filter((ai) => attributes[ai] !== undefined).map((ai) => [
    ai,
    must(parseAiValue(ai, attributes[ai] as string)),
  ]);
}

/**
 * A full Digital Link URI on `origin` (for example `https://brand.example`): the derived path, then data
 * attributes and any extra non-GS1 parameters in the query string.
 */
export function buildDigitalLinkUri(
  origin: string,
  key: Gs1Key,
  attributes: Gs1Attributes = {},
  params: Readonly<Record<string, string>> = {},
): string {
  for (const k of Object.keys(params)) {
    if (/^\d+$/.test(k)) {
      throw new Gs1ValidationError(
        issue('misplaced_ai', `parameter ${k} looks like an AI; pass it as a data attribute`, k),
      );
    }
  }
  const query = [...normalizeAttributes(attributes), ...Object.entries(params)].map(
    ([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`,
  );
  const base = `${origin.replace(/\/+$/, '')}/${buildDigitalLinkPath(key)}`;
  return query.length > 0 ? `${base}?${query.join('&')}` : base;
}
