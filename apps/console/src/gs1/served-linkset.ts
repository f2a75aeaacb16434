import { DEFAULT_LINK_RELATION, linkTypeUri } from '@waymark/gs1';

/** A link as the resolver's RFC 9264 linkset lists it. */
export interface ServedLink {
  href: string;
  title: string;
  hreflang?: string[];
  context?: string[];
}

/** The resolver's linkset: one context per level of the Digital Link, nearest level first. */
export type ServedLinkset = { anchor: string; [relation: string]: ServedLink[] | string }[];

/** The Digital Link with `linkType` set: its URI may already carry data attributes in its query (`?15=271231`). */
export function withLinkType(uri: string, linkType: string): string {
  if (linkType === '') return uri;
  const url = new URL(uri);
  url.searchParams.set('linkType', linkType);
  return url.href.replace(/linkType=gs1%3A/, 'linkType=gs1:');
}

/**
 * The linkset the resolver serves for a Digital Link (`?linkType=linkset`, which GS1 resolvers answer with CORS to
 * any origin): what a scan will find, including links the record inherits from its GTIN's level.
 */
export async function fetchServedLinkset(uri: string): Promise<ServedLinkset> {
  let response: Response;
  try {
    response = await fetch(withLinkType(uri, 'linkset'), { headers: { accept: 'application/linkset+json' } });
  } catch {
    throw new Error(`The resolver at ${new URL(uri).origin} cannot be reached from this browser.`);
  }
  if (response.status === 404) throw new Error('The resolver does not serve this Digital Link (404).');
  if (!response.ok) throw new Error(`The resolver answered ${response.status}.`);
  return ((await response.json()) as { linkset: ServedLinkset }).linkset;
}

export type Opens =
  { kind: 'one'; link: ServedLink } | { kind: 'choice'; links: ServedLink[] } | { kind: 'none' } | { kind: 'linkset' };

/**
 * What a scan with `linkType` opens, read from the served linkset as the resolver selects: no linkType is the
 * default link; a type is taken from the nearest level that has links of it; several links of the type with
 * different targets are chosen between by the visitor's language, media type and context; none is a 404.
 */
export function whatOpens(linkset: ServedLinkset, linkType: string): Opens {
  if (linkType === 'linkset') return { kind: 'linkset' };
  const relation = linkType === '' ? DEFAULT_LINK_RELATION : linkTypeUri(linkType);
  for (const level of linkset) {
    const links = level[relation];
    if (!Array.isArray(links) || links.length === 0) continue;
    if (new Set(links.map((l) => l.href)).size === 1) return { kind: 'one', link: links[0] as ServedLink };
    return { kind: 'choice', links };
  }
  return { kind: 'none' };
}
