import { GS1_LINK_TYPE_LABELS } from './link-types.generated';

/** Namespace of the GS1 Web Vocabulary; link types are full URIs under it (`https://ref.gs1.org/voc/pip`). */
export const GS1_VOC = 'https://ref.gs1.org/voc/';

/** Older namespaces still seen in the wild; accepted on input and rewritten to GS1_VOC. */
const LEGACY_NAMESPACES = [
  'https://gs1.org/voc/',
  'http://gs1.org/voc/',
  'https://www.gs1.org/voc/',
  'http://www.gs1.org/voc/',
];

/** GS1 Web Vocabulary link types (https://ref.gs1.org/voc/?show=linktypes), by local name, from the generated data. */
export const GS1_LINK_TYPES = Object.keys(GS1_LINK_TYPE_LABELS) as Array<keyof typeof GS1_LINK_TYPE_LABELS>;

export type Gs1LinkTypeName = keyof typeof GS1_LINK_TYPE_LABELS;
/** The compact (CURIE) form stored in records: `gs1:pip`. */
export type Gs1LinkTypeCurie = `gs1:${Gs1LinkTypeName}`;

export const DEFAULT_LINK_TYPE: Gs1LinkTypeCurie = 'gs1:pip';
/** The relation under which a linkset lists the link a Digital Link resolves to by default. */
export const DEFAULT_LINK_RELATION = `${GS1_VOC}defaultLink`;

const names = new Set<string>(GS1_LINK_TYPES);

/**
 * Normalises a link type given as a CURIE (`gs1:pip`) or a full URI (current or legacy namespace) to its CURIE,
 * or null when it is not a GS1 link type.
 */
export function normalizeLinkType(input: string): Gs1LinkTypeCurie | null {
  let local: string | undefined;
  if (input.startsWith('gs1:')) local = input.slice(4);
  else {
    const ns = [GS1_VOC, ...LEGACY_NAMESPACES].find((n) => input.startsWith(n));
    if (ns) local = input.slice(ns.length);
  }
  return local !== undefined && names.has(local) ? (`gs1:${local}` as Gs1LinkTypeCurie) : null;
}

/** The full URI of a link type (`gs1:pip` becomes `https://ref.gs1.org/voc/pip`); throws for an unknown type. */
export function linkTypeUri(linkType: string): string {
  const curie = normalizeLinkType(linkType);
  if (!curie) throw new TypeError(`${JSON.stringify(linkType)} is not a GS1 link type`);
  return `${GS1_VOC}${curie.slice(4)}`;
}

/** The vocabulary's label of a link type (`gs1:pip` is "Product Information Page"); undefined for an unknown type. */
export function linkTypeLabel(linkType: string): string | undefined {
  const curie = normalizeLinkType(linkType);
  return curie ? GS1_LINK_TYPE_LABELS[curie.slice(4) as Gs1LinkTypeName] : undefined;
}
