import { DEFAULT_LINK_RELATION, DEFAULT_LINK_TYPE, linkTypeUri } from './link-types';

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
}

export interface LinksetLevel {
  /** Absolute URI of this level's Digital Link (`https://brand.example/01/09506000134352`). */
  readonly anchor: string;
  readonly entries: readonly LinksetEntryInput[];
}

/** RFC 9264 target object. */
export interface LinkTarget {
  href: string;
  title?: string;
  hreflang?: string[];
  type?: string;
}

export type LinksetContext = { anchor: string } & { [relation: string]: LinkTarget[] | string };

/** RFC 9264 `application/linkset+json` document. */
export interface LinksetDocument {
  linkset: LinksetContext[];
}

/** The default entry of a linkset: the one marked `default`, else the first; undefined when empty. */
export function defaultEntry<E extends LinksetEntryInput>(entries: readonly E[]): E | undefined {
  return entries.find((e) => e.default === true) ?? entries[0];
}

function target(entry: LinksetEntryInput): LinkTarget {
  const t: LinkTarget = { href: entry.href };
  if (entry.title !== undefined) t.title = entry.title;
  if (entry.hreflang !== undefined && entry.hreflang.length > 0) t.hreflang = [...entry.hreflang];
  if (entry.type !== undefined) t.type = entry.type;
  return t;
}

/**
 * Builds the RFC 9264 JSON linkset: one context object per level (anchor = that level's Digital Link URI), link
 * types as full GS1 vocabulary URIs, and the default entry repeated under `https://ref.gs1.org/voc/defaultLink`
 * as the GS1 resolver standard asks. Levels without entries are left out.
 */
export function buildLinkset(levels: readonly LinksetLevel[]): LinksetDocument {
  const linkset: LinksetContext[] = [];
  for (const level of levels) {
    if (level.entries.length === 0) continue;
    const context: LinksetContext = { anchor: level.anchor };
    const add = (relation: string, t: LinkTarget): void => {
      const list = (context[relation] as LinkTarget[] | undefined) ?? [];
      list.push(t);
      context[relation] = list;
    };
    const fallback = defaultEntry(level.entries) as LinksetEntryInput;
    add(DEFAULT_LINK_RELATION, target(fallback));
    for (const entry of level.entries) add(linkTypeUri(entry.linkType ?? DEFAULT_LINK_TYPE), target(entry));
    linkset.push(context);
  }
  return { linkset };
}
