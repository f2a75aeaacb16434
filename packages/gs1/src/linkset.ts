import { DEFAULT_LINK_RELATION, DEFAULT_LINK_TYPE, linkTypeLabel, linkTypeUri } from './link-types';

/** GS1's JSON-LD context for linksets (GS1-Conformant Resolver standard): the Link header and the description point at it. */
export const LINKSET_JSONLD_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

export interface LinksetEntryInput {
  /** CURIE or full URI; defaults to `gs1:pip`. */
  readonly linkType?: string;
  readonly href: string;
  /** Marks the link the Digital Link resolves to by default. */
  readonly default?: boolean;
  readonly title?: string;
  readonly hreflang?: readonly string[];
  /** Media type of the target. */
  readonly type?: string;
  /** Descriptors of where the link applies, typically a geography or jurisdiction. */
  readonly context?: readonly string[];
}

export interface LinksetLevel {
  /** Absolute URI of this level's Digital Link (`https://brand.example/01/09506000134352`). */
  readonly anchor: string;
  readonly entries: readonly LinksetEntryInput[];
  /** What the item of this level is, in words (GS1 `itemDescription`). */
  readonly itemDescription?: string;
}

/** RFC 9264 target object; GS1 requires a title on every link. */
export interface LinkTarget {
  href: string;
  title: string;
  hreflang?: string[];
  type?: string;
  context?: string[];
}

export type LinksetContext = { anchor: string; itemDescription?: string } & {
  [relation: string]: LinkTarget[] | string;
};

/** RFC 9264 `application/linkset+json` document. */
export interface LinksetDocument {
  linkset: LinksetContext[];
}

/** The default entry of a linkset: the one marked `default`, else the first; undefined when empty. */
export function defaultEntry<E extends LinksetEntryInput>(entries: readonly E[]): E | undefined {
  return entries.find((e) => e.default === true) ?? entries[0];
}

/** An entry's title, else its link type's label from the GS1 Web Vocabulary. */
export function entryTitle(entry: LinksetEntryInput): string {
  const linkType = entry.linkType ?? DEFAULT_LINK_TYPE;
  return entry.title ?? linkTypeLabel(linkType) ?? linkType;
}

function target(entry: LinksetEntryInput): LinkTarget {
  const t: LinkTarget = { href: entry.href, title: entryTitle(entry) };
  if (entry.hreflang !== undefined && entry.hreflang.length > 0) t.hreflang = [...entry.hreflang];
  if (entry.type !== undefined) t.type = entry.type;
  if (entry.context !== undefined && entry.context.length > 0) t.context = [...entry.context];
  return t;
}

/**
 * Builds the RFC 9264 JSON linkset as the GS1 linkset schema wants it: one context object per level (anchor = that
 * level's Digital Link URI, its itemDescription), link types as full GS1 vocabulary URIs, every link titled, and the
 * default entry repeated under `https://ref.gs1.org/voc/defaultLink` with no optional attributes (the resolver
 * standard forbids them there; the schema requires the title). Levels without entries are left out.
 */
export function buildLinkset(levels: readonly LinksetLevel[]): LinksetDocument {
  const linkset: LinksetContext[] = [];
  for (const level of levels) {
    if (level.entries.length === 0) continue;
    const context: LinksetContext = { anchor: level.anchor };
    if (level.itemDescription !== undefined) context.itemDescription = level.itemDescription;
    const add = (relation: string, t: LinkTarget): void => {
      const list = (context[relation] as LinkTarget[] | undefined) ?? [];
      list.push(t);
      context[relation] = list;
    };
    const fallback = defaultEntry(level.entries) as LinksetEntryInput;
    add(DEFAULT_LINK_RELATION, { href: fallback.href, title: entryTitle(fallback) });
    for (const entry of level.entries) add(linkTypeUri(entry.linkType ?? DEFAULT_LINK_TYPE), target(entry));
    linkset.push(context);
  }
  return { linkset };
}
