import { aiAssociationIssue } from './ai-associations';
import type { Gs1Key } from './digital-link-build';
import { parseDigitalLinkPathElements, type DigitalLinkPathElements } from './digital-link-path';
import { parseDigitalLinkQuery, type DigitalLinkQuery } from './digital-link-query';
import { fail, issue, ok, type Gs1Issue, type Gs1Result } from './issue';

/** Any GS1 Digital Link: stem, primary key, qualifiers, data attributes and other parameters. */
export type DigitalLinkElements = DigitalLinkPathElements & DigitalLinkQuery;

export interface ParsedDigitalLink {
  /** Decoded key; the GTIN normalised to 14 digits. */
  readonly key: Gs1Key;
  /** AI 235 (TPX, a third-party serialised extension of the GTIN), when the path carries it instead of 22/10/21. */
  readonly tpx?: string;
  /** Canonical derived path (the record's code): normalised GTIN, canonical percent-encoding, no slashes around. */
  readonly path: string;
  /** Data attributes from the query string, keyed by AI. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Non-GS1 query parameters (for example `linkType`), decoded; they are passed on, not validated here. */
  readonly params: Readonly<Record<string, string>>;
}

const QUALIFIER_FIELD: Record<string, 'cpv' | 'batch' | 'serial'> = { '22': 'cpv', '10': 'batch', '21': 'serial' };

/**
 * Parses any GS1 Digital Link path and query against the GS1 Barcode Syntax Dictionary: every primary key and its
 * qualifier sequences (`dlpkey`), data attributes (`?`), values with their linters, and the `req=`/`ex=` pairing
 * rules over everything the link carries. With `stems`, a custom path prefix before the key is accepted.
 */
export function parseDigitalLink(
  pathAndQuery: string,
  options: { stems: boolean } = { stems: false },
): Gs1Result<DigitalLinkElements> {
  const withoutFragment = pathAndQuery.split('#', 1)[0] as string;
  const q = withoutFragment.indexOf('?');
  const path = parseDigitalLinkPathElements(q < 0 ? withoutFragment : withoutFragment.slice(0, q), options);
  if (!path.ok) return path;
  const query = parseDigitalLinkQuery(q < 0 ? '' : withoutFragment.slice(q + 1), path.value);
  if (!query.ok) return query;
  const ais = [
    path.value.primary[0],
    ...path.value.qualifiers.map(([ai]) => ai),
    ...Object.keys(query.value.attributes),
  ];
  const pairing = aiAssociationIssue(ais);
  if (pairing) return fail(pairing);
  return ok({ ...path.value, ...query.value });
}

/**
 * Parses the path and query of a GTIN Digital Link (`/01/<gtin>[/22/..][/10/..][/21/..]` or `/01/<gtin>/235/..`,
 * `?17=..&linkType=..`), the key a GS1 record has. Refuses, with a precise reason, a missing or other primary key,
 * unknown, duplicate, empty or misplaced AIs, qualifiers out of order, bad values and bad percent-encoding.
 */
export function parseDigitalLinkPath(pathAndQuery: string): Gs1Result<ParsedDigitalLink> {
  const parsed = parseDigitalLink(pathAndQuery);
  if (!parsed.ok) return parsed;
  const { primary, qualifiers, path, attributes, params } = parsed.value;
  if (primary[0] !== '01')
    return fail(issue('misplaced_ai', `path must start with AI 01 (GTIN), not AI ${primary[0]}`, primary[0]));
  const key: { gtin: string; cpv?: string; batch?: string; serial?: string } = { gtin: primary[1] };
  let tpx: string | undefined;
  for (const [ai, value] of qualifiers) {
    if (ai === '235') tpx = value;
    else key[QUALIFIER_FIELD[ai] as 'cpv' | 'batch' | 'serial'] = value;
  }
  return ok(tpx === undefined ? { key, path, attributes, params } : { key, tpx, path, attributes, params });
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
