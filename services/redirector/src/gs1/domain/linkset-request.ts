import { LINKSET_JSONLD_CONTEXT } from '@waymark/gs1';
import { parsePreferences } from './accept-headers';

export const LINKSET_MEDIA_TYPE = 'application/linkset+json' as const;

/** Link header of a linkset response: the JSON-LD context that renders it as Linked Data (resolver standard, SHOULD). */
export const JSONLD_CONTEXT_LINK = `<${LINKSET_JSONLD_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`;

/**
 * The media type a linkset is served as: RFC 9264 `application/linkset+json` by default, JSON-LD (with its context
 * embedded) or plain JSON when the client's Accept prefers those (GS1 resolver standard: SHOULD and RECOMMENDED).
 */
export function linksetMediaType(
  accept: string | undefined,
): 'application/linkset+json' | 'application/ld+json' | 'application/json' {
  for (const { value } of parsePreferences(accept)) {
    if (value === LINKSET_MEDIA_TYPE || value === 'application/ld+json' || value === 'application/json') return value;
  }
  return LINKSET_MEDIA_TYPE;
}

/** `linkType=linkset` (and the older `linkType=all`) or an Accept header naming the linkset media type. */
export function wantsLinkset(linkType: string | undefined, accept: string | undefined): boolean {
  if (linkType === 'linkset' || linkType === 'all') return true;
  return accept !== undefined && accept.toLowerCase().includes(LINKSET_MEDIA_TYPE);
}
