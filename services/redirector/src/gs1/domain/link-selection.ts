import { DEFAULT_LINK_TYPE, defaultEntry, normalizeLinkType, type LinksetEntryInput } from '@waymark/gs1';
import { parsePreferences } from './accept-headers';

export interface SelectionRequest {
  /** `?linkType=` as sent (CURIE or URI); undefined for none. */
  readonly linkType: string | undefined;
  readonly acceptLanguage: string | undefined;
  readonly accept: string | undefined;
  /** `?context=` as sent. */
  readonly context: string | undefined;
}

export type Selection =
  { readonly kind: 'redirect'; readonly href: string } | { readonly kind: 'multiple' } | { readonly kind: 'none' };

const typeOf = (e: LinksetEntryInput) => normalizeLinkType(e.linkType ?? DEFAULT_LINK_TYPE);

/** Narrows to the candidates a test keeps, or keeps them all when it keeps none (no better information). */
function narrow<E>(candidates: E[], keep: (e: E) => boolean): E[] {
  const kept = candidates.filter(keep);
  return kept.length > 0 ? kept : candidates;
}

/** By `Accept-Language`: each preference exactly, then by its language alone; then links for any language (`und`). */
function byLanguage(candidates: LinksetEntryInput[], header: string | undefined): LinksetEntryInput[] {
  const langs = (e: LinksetEntryInput) => (e.hreflang ?? []).map((l) => l.toLowerCase());
  for (const { value } of parsePreferences(header)) {
    if (value === '*') continue;
    const exact = candidates.filter((e) => langs(e).includes(value));
    if (exact.length > 0) return exact;
    const primary = value.split('-')[0] as string;
    const sameLanguage = candidates.filter((e) => langs(e).some((l) => l.split('-')[0] === primary));
    if (sameLanguage.length > 0) return sameLanguage;
  }
  if (parsePreferences(header).length === 0) return candidates;
  return narrow(candidates, (e) => langs(e).length === 0 || langs(e).includes('und'));
}

/** By `Accept`: the first media range (highest quality first) that some candidate's `type` matches. */
function byMediaType(candidates: LinksetEntryInput[], header: string | undefined): LinksetEntryInput[] {
  for (const { value } of parsePreferences(header)) {
    if (value === '*/*') continue;
    const matches = (type: string | undefined) =>
      type !== undefined &&
      (value.endsWith('/*') ? type.toLowerCase().startsWith(value.slice(0, -1)) : type.toLowerCase() === value);
    const kept = candidates.filter((e) => matches(e.type));
    if (kept.length > 0) return kept;
  }
  return candidates;
}

function byContext(candidates: LinksetEntryInput[], context: string | undefined): LinksetEntryInput[] {
  if (context === undefined || context === '') return candidates;
  return narrow(candidates, (e) => (e.context ?? []).some((c) => c.toLowerCase() === context.toLowerCase()));
}

/** The entries a request's link type asks for, from the nearest level that has any; null for none at all. */
function candidatesOf(
  levels: readonly (readonly LinksetEntryInput[])[],
  linkType: string | undefined,
): LinksetEntryInput[] | null {
  const nearest = levels.find((entries) => entries.length > 0) ?? [];
  const fallback = defaultEntry(nearest);
  if (fallback === undefined) return null;
  const wanted = linkType === undefined ? null : normalizeLinkType(linkType);
  if (wanted === 'gs1:defaultLink') return [fallback];
  if (linkType === undefined || wanted === 'gs1:defaultLinkMulti') {
    const multi = nearest.filter((e) => typeOf(e) === 'gs1:defaultLinkMulti');
    return multi.length > 0 ? multi : nearest.filter((e) => typeOf(e) === typeOf(fallback));
  }
  if (wanted === null) return [];
  for (const entries of levels) {
    const ofType = entries.filter((e) => typeOf(e) === wanted);
    if (ofType.length > 0) return ofType;
  }
  return [];
}

/**
 * Link selection of the GS1-Conformant Resolver standard: the links of the requested type (the default link's type
 * when none is asked for; `gs1:defaultLink` is exactly the default), then narrowed by `Accept-Language` against
 * `hreflang`, `Accept` against `type` and `?context=` against `context`. One left: redirect to it; several equally
 * good: the default link if it is among them, else `multiple` (300 with the linkset); none of the type: `none`.
 * `levels` lists each level's entries, nearest first.
 */
export function selectLink(levels: readonly (readonly LinksetEntryInput[])[], request: SelectionRequest): Selection {
  const candidates = candidatesOf(levels, request.linkType);
  if (candidates === null || candidates.length === 0) return { kind: 'none' };
  const best = byContext(byMediaType(byLanguage(candidates, request.acceptLanguage), request.accept), request.context);
  if (new Set(best.map((e) => e.href)).size === 1)
    return { kind: 'redirect', href: (best[0] as LinksetEntryInput).href };
  const fallback = defaultEntry(levels.find((entries) => entries.length > 0) ?? []);
  if (fallback !== undefined && best.includes(fallback)) return { kind: 'redirect', href: fallback.href };
  return { kind: 'multiple' };
}
