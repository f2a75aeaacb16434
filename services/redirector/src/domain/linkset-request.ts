import { LINKSET_JSONLD_CONTEXT } from '@waymark/gs1';

export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

/** Link header of a linkset response: the JSON-LD context that renders it as Linked Data (resolver standard, SHOULD). */
export const JSONLD_CONTEXT_LINK = `<${LINKSET_JSONLD_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`;

/** `linkType=linkset` (and the older `linkType=all`) or an Accept header naming the linkset media type. */
export function wantsLinkset(linkType: string | undefined, accept: string | undefined): boolean {
  if (linkType === 'linkset' || linkType === 'all') return true;
  return accept !== undefined && accept.toLowerCase().includes(LINKSET_MEDIA_TYPE);
}
