import { aiDefinition, type AiDefinition } from './ai-table';
import { parseAiValue } from './ai-value';
import { fail, issue, ok, type Gs1Result } from './issue';
import { percentDecode, percentEncode } from './percent-encoding';

export type AiPair = readonly [ai: string, value: string];

export interface DigitalLinkPathElements {
  /** Path segments before the primary key (a custom stem such as `products/en`), without slashes around; '' when none. */
  readonly stem: string;
  /** The primary key; a GTIN normalised to 14 digits. */
  readonly primary: AiPair;
  /** Key qualifiers in path order, decoded. */
  readonly qualifiers: readonly AiPair[];
  /** Canonical path of the key and its qualifiers (no stem, canonical percent-encoding, no slashes around). */
  readonly path: string;
}

export interface PathOptions {
  /** Accept a custom stem before the key, the rightmost key winning (GS1 Digital Link 1.2+); else the key opens the path. */
  readonly stems: boolean;
}

const isPrimary = (ai: string | undefined): boolean => ai !== undefined && aiDefinition(ai)?.role === 'primary';

/** Index of the primary key's AI segment, or an issue when there is none. */
function keyIndex(segments: readonly string[], options: PathOptions): Gs1Result<number> {
  if (options.stems) {
    // Values sit at odd distances from the end, so only even distances are candidate AIs; the rightmost key wins
    // and what precedes it is the stem, even when that holds a key too (`/01/<a>/01/<b>`: the key is `01/<b>`).
    for (let k = segments.length - 2; k >= 0; k -= 2) if (isPrimary(segments[k])) return ok(k);
    // A path that opens with a key but has no key-value pair at its end (`/01/<gtin>/10`) is that key's, badly formed.
    if (isPrimary(segments[0])) return ok(0);
    return fail(issue('missing_primary_key', 'the path carries no GS1 primary key'));
  }
  const first = segments[0] as string;
  if (isPrimary(first)) return ok(0);
  return fail(
    /^\d+$/.test(first) && aiDefinition(first)
      ? issue('misplaced_ai', `path must start with a GS1 primary key, not AI ${first}`, first)
      : issue('missing_primary_key', `path must start with a GS1 primary key, not ${JSON.stringify(first)}`),
  );
}

function decodedValue(ai: string, raw: string | undefined): Gs1Result<string> {
  if (raw === undefined) return fail(issue('missing_value', `AI ${ai} has no value`, ai));
  const decoded = percentDecode(raw, ai);
  return decoded.ok ? parseAiValue(ai, decoded.value) : decoded;
}

/** Checks that a qualifier belongs to the key and comes in the order of one of its `dlpkey` sequences. */
function placeQualifier(key: AiDefinition, ai: string, seen: readonly string[]): Gs1Result<void> {
  const d = aiDefinition(ai);
  if (!d) return fail(issue('unknown_ai', `${JSON.stringify(ai)} is not an AI`, ai));
  if (ai === key.ai || seen.includes(ai)) return fail(issue('duplicate_ai', `AI ${ai} appears more than once`, ai));
  const sequence = key.qualifierSequences.find((s) => s.includes(ai));
  if (!sequence) {
    const why =
      d.dlAttribute && d.role === 'attribute'
        ? 'is a data attribute and belongs in the query string, not the path'
        : `is not a key qualifier of AI ${key.ai}`;
    return fail(issue('misplaced_ai', `AI ${ai} ${why}`, ai));
  }
  const previous = seen[seen.length - 1];
  if (previous === undefined) return ok(undefined);
  if (!sequence.includes(previous))
    return fail(issue('exclusive_ai', `AI ${ai} cannot follow AI ${previous} after AI ${key.ai}`, ai));
  if (sequence.indexOf(previous) > sequence.indexOf(ai)) {
    return fail(
      issue(
        'wrong_order',
        `AI ${ai} must come before AI ${previous} (order after ${key.ai} is ${sequence.join(', ')})`,
        ai,
      ),
    );
  }
  return ok(undefined);
}

/** Parses the path of a GS1 Digital Link: optional stem, primary key, its qualifiers in their dictionary order. */
export function parseDigitalLinkPathElements(
  rawPath: string,
  options: PathOptions,
): Gs1Result<DigitalLinkPathElements> {
  // One trailing slash is tolerated (resolver rule).
  const trimmed = rawPath.replace(/^\/+/, '').replace(/\/$/, '');
  if (trimmed === '')
    return fail(issue('missing_primary_key', 'path must start with a GS1 primary key such as AI 01 (GTIN)'));
  const segments = trimmed.split('/');
  const k = keyIndex(segments, options);
  if (!k.ok) return k;
  const keyAi = segments[k.value] as string;
  const key = aiDefinition(keyAi) as AiDefinition;
  const primary = decodedValue(keyAi, segments[k.value + 1]);
  if (!primary.ok) return primary;
  const qualifiers: AiPair[] = [];
  for (let i = k.value + 2; i < segments.length; i += 2) {
    const ai = segments[i] as string;
    const placed = placeQualifier(
      key,
      ai,
      qualifiers.map(([q]) => q),
    );
    if (!placed.ok) return placed;
    const value = decodedValue(ai, segments[i + 1]);
    if (!value.ok) return value;
    qualifiers.push([ai, value.value]);
  }
  const path = [[keyAi, primary.value] as const, ...qualifiers].map(([ai, v]) => `${ai}/${percentEncode(v)}`).join('/');
  return ok({ stem: segments.slice(0, k.value).join('/'), primary: [keyAi, primary.value], qualifiers, path });
}
