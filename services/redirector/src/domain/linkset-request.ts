export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

/** `linkType=linkset` (and the older `linkType=all`) or an Accept header naming the linkset media type. */
export function wantsLinkset(linkType: string | undefined, accept: string | undefined): boolean {
  if (linkType === 'linkset' || linkType === 'all') return true;
  return accept !== undefined && accept.toLowerCase().includes(LINKSET_MEDIA_TYPE);
}
