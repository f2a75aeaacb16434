import { GTIN_QUALIFIER_ORDER, aiDefinition, parseAiValue } from './ai-table';
import { buildDigitalLinkPath, type Gs1Key } from './digital-link-build';
import { fail, issue, ok, type Gs1Issue, type Gs1Result } from './issue';
import { percentDecode } from './percent-encoding';

export interface ParsedDigitalLink {
  /** Decoded key; the GTIN normalised to 14 digits. */
  readonly key: Gs1Key;
  /** Canonical derived path (the record's code): normalised GTIN, canonical percent-encoding, no slashes around. */
  readonly path: string;
  /** Data attributes from the query string, keyed by AI. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Non-GS1 query parameters (for example `linkType`), decoded; they are passed on, not validated here. */
  readonly params: Readonly<Record<string, string>>;
}

const QUALIFIER_FIELD: Record<string, 'cpv' | 'batch' | 'serial'> = { '22': 'cpv', '10': 'batch', '21': 'serial' };

function parsePath(rawPath: string): Gs1Result<Gs1Key> {
  // One trailing slash is tolerated (resolver rule); the path must start with the primary key.
  const trimmed = rawPath.replace(/^\/+/, '').replace(/\/$/, '');
  if (trimmed === '') return fail(issue('missing_primary_key', 'path must start with AI 01 (GTIN)'));
  const segments = trimmed.split('/');
  const key: { gtin: string; cpv?: string; batch?: string; serial?: string } = { gtin: '' };
  let lastQualifier = -1;
  for (let i = 0; i < segments.length; i += 2) {
    const ai = segments[i] as string;
    const definition = /^\d+$/.test(ai) ? aiDefinition(ai) : undefined;
    if (i === 0 && ai !== '01') {
      return fail(definition
        ? issue('misplaced_ai', `path must start with AI 01 (GTIN), not AI ${ai}`, ai)
        : issue('missing_primary_key', `path must start with AI 01 (GTIN), not ${JSON.stringify(ai)}`));
    }
    if (!definition) return fail(issue('unknown_ai', `${JSON.stringify(ai)} is not a supported AI in a Digital Link path`, ai));
    if (i > 0 && ai === '01') return fail(issue('duplicate_ai', 'AI 01 appears more than once', ai));
    if (definition.role === 'attribute') {
      return fail(issue('misplaced_ai', `AI ${ai} is a data attribute and belongs in the query string, not the path`, ai));
    }
    const raw = segments[i + 1];
    if (raw === undefined) return fail(issue('missing_value', `AI ${ai} has no value`, ai));
    const decoded = percentDecode(raw, ai);
    if (!decoded.ok) return decoded;
    const value = parseAiValue(ai, decoded.value);
    if (!value.ok) return value;
    if (ai === '01') {
      key.gtin = value.value;
      continue;
    }
    const field = QUALIFIER_FIELD[ai] as 'cpv' | 'batch' | 'serial';
    if (key[field] !== undefined) return fail(issue('duplicate_ai', `AI ${ai} appears more than once`, ai));
    const position = GTIN_QUALIFIER_ORDER.indexOf(ai as (typeof GTIN_QUALIFIER_ORDER)[number]);
    if (position < lastQualifier) {
      const previous = GTIN_QUALIFIER_ORDER[lastQualifier] as string;
      return fail(issue('wrong_order', `AI ${ai} must come before AI ${previous} (order after 01 is 22, 10, 21)`, ai));
    }
    lastQualifier = position;
    key[field] = value.value;
  }
  return ok(key);
}

interface QueryParts {
  attributes: Record<string, string>;
  params: Record<string, string>;
}

function parseQuery(rawQuery: string, key: Gs1Key): Gs1Result<QueryParts> {
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
    const definition = aiDefinition(ai);
    if (!definition) return fail(issue('unknown_ai', `AI ${ai} in the query string is not supported`, ai));
    if (definition.role !== 'attribute') {
      const inPath = ai === '01' || QUALIFIER_FIELD[ai] !== undefined && key[QUALIFIER_FIELD[ai]] !== undefined;
      const why = inPath ? 'appears more than once' : 'is a key and belongs in the path, not the query string';
      return fail(issue(inPath ? 'duplicate_ai' : 'misplaced_ai', `AI ${ai} ${why}`, ai));
    }
    if (attributes[ai] !== undefined) return fail(issue('duplicate_ai', `AI ${ai} appears more than once`, ai));
    const decoded = percentDecode(rawValue, ai);
    if (!decoded.ok) return decoded;
    const value = parseAiValue(ai, decoded.value);
    if (!value.ok) return value;
    attributes[ai] = value.value;
  }
  return ok({ attributes, params });
}

/**
 * Parses the path and query of a GS1 Digital Link (`/01/<gtin>[/22/..][/10/..][/21/..][?17=..&linkType=..]`).
 * Refuses, with a precise reason, a missing or misplaced primary key, unknown, duplicate, empty or misplaced AIs,
 * qualifiers out of order, bad values (check digit, character set 82, length, dates) and bad percent-encoding.
 */
export function parseDigitalLinkPath(pathAndQuery: string): Gs1Result<ParsedDigitalLink> {
  const withoutFragment = pathAndQuery.split('#', 1)[0] as string;
  const q = withoutFragment.indexOf('?');
  const key = parsePath(q < 0 ? withoutFragment : withoutFragment.slice(0, q));
  if (!key.ok) return key;
  const query = parseQuery(q < 0 ? '' : withoutFragment.slice(q + 1), key.value);
  if (!query.ok) return query;
  return ok({ key: key.value, path: buildDigitalLinkPath(key.value), ...query.value });
}

/** Parses an absolute Digital Link URI (`https://host/01/...`); the host is not checked. */
export function parseDigitalLinkUri(uri: string): Gs1Result<ParsedDigitalLink> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return fail(issue('bad_uri', `${JSON.stringify(uri)} is not an absolute URI`));
  }
  return parseDigitalLinkPath(`${url.pathname}${url.search}`);
}

/** The issue that makes a path invalid, or null when it parses. */
export function digitalLinkIssue(pathAndQuery: string): Gs1Issue | null {
  const result = parseDigitalLinkPath(pathAndQuery);
  return result.ok ? null : result.issue;
}
