/** Namespace of the GS1 Web Vocabulary; link types are full URIs under it (`https://ref.gs1.org/voc/pip`). */
export const GS1_VOC = 'https://ref.gs1.org/voc/';

/** Older namespaces still seen in the wild; accepted on input and rewritten to GS1_VOC. */
const LEGACY_NAMESPACES = ['https://gs1.org/voc/', 'http://gs1.org/voc/', 'https://www.gs1.org/voc/', 'http://www.gs1.org/voc/'];

/** GS1 Web Vocabulary link types (https://ref.gs1.org/voc/?show=linktypes), by local name. */
export const GS1_LINK_TYPES = [
  'activityIdeas', 'allergenInfo', 'brandHomepageClinical', 'brandHomepagePatient', 'careersInfo',
  'certificationInfo', 'consumerHandlingStorageInfo', 'defaultLink', 'defaultLinkMulti', 'epcis', 'epil',
  'eventsInfo', 'faqs', 'handledBy', 'hasRetailers', 'homepage', 'ingredientsInfo', 'instructions', 'jws',
  'leaveReview', 'locationInfo', 'logisticsInfo', 'masterData', 'menuInfo', 'nutritionalInfo',
  'openingHoursInfo', 'paymentLink', 'pip', 'productSustainabilityInfo', 'promotion',
  'purchaseSuppliesOrAccessories', 'quickStartGuide', 'recallStatus', 'recipeInfo', 'registerProduct',
  'registryEntry', 'relatedVideo', 'review', 'safetyInfo', 'scheduleTime', 'serviceInfo', 'smartLabel', 'smpc',
  'socialMedia', 'statisticInfo', 'support', 'sustainabilityInfo', 'traceability', 'tutorial', 'userAgreement',
  'verificationService', 'whatsInTheBox',
] as const;

export type Gs1LinkTypeName = (typeof GS1_LINK_TYPES)[number];
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
