import {
  ENTITLEMENTS,
  Gs1Record,
  GS1_RECORD_TAGS_MAX,
  GS1_TAG_MAX_LENGTH,
  LINKSET_MAX_ENTRIES,
} from '@waymark/contracts';
import { aiDefinition, isDataAttribute, normalizeLinkType, parseAiValue } from '@waymark/gs1';
import type { components } from '@waymark/sdk';

type Gs1Link = components['schemas']['Gs1LinkView'];
export type Gs1RecordWrite = components['schemas']['Gs1RecordWrite'];

/** One linkset entry as the editor holds it: every field text, lists comma-separated. */
export interface EntryDraft {
  linkType: string;
  href: string;
  title: string;
  hreflang: string;
  type: string;
  context: string;
  default: boolean;
}

export interface RecordDraft {
  destination: string;
  entries: EntryDraft[];
  /** Data attributes as [AI, value] rows. */
  ai: [string, string][];
  tags: string;
}

export const emptyEntry = (): EntryDraft => ({
  linkType: 'gs1:pip',
  href: '',
  title: '',
  hreflang: '',
  type: '',
  context: '',
  default: false,
});

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function draftOfRecord(record: Gs1Link): RecordDraft {
  return {
    destination: record.destination ?? '',
    entries: record.linkset.map((e) => ({
      linkType: e.linkType ?? 'gs1:pip',
      href: e.href,
      title: e.title ?? '',
      hreflang: (e.hreflang ?? []).join(', '),
      type: e.type ?? '',
      context: (e.context ?? []).join(', '),
      default: e.default ?? false,
    })),
    ai: Object.entries(record.ai),
    tags: record.tags.join(', '),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The record write of one bulk upsert that saves the draft: the record's key fields as stored, and the linkset,
 * data attributes and tags in full (a re-import replaces each only when supplied, so all three are supplied).
 */
export function recordWrite(record: Gs1Link, draft: RecordDraft): Gs1RecordWrite {
  const optional = (value: string | null) => value ?? undefined;
  const write: Gs1RecordWrite = {
    gtin: record.gtin,
    cpv: optional(record.cpv),
    batch: optional(record.batch),
    serial: optional(record.serial),
    expiry: optional(record.expiry),
    itemDescription: optional(record.itemDescription),
    domain: record.domain,
    tags: list(draft.tags),
    ai: Object.fromEntries(draft.ai.map(([ai, value]) => [ai.trim(), value.trim()])),
  };
  if (draft.destination.trim() !== '') write.destination = draft.destination.trim();
  if (draft.entries.length > 0) {
    write.linkset = draft.entries.map((e) => ({
      linkType: e.linkType.trim(),
      href: e.href.trim(),
      ...(e.default ? { default: true } : {}),
      ...(e.title.trim() ? { title: e.title.trim() } : {}),
      ...(list(e.hreflang).length ? { hreflang: list(e.hreflang) } : {}),
      ...(e.type.trim() ? { type: e.type.trim() } : {}),
      ...(list(e.context).length ? { context: list(e.context) } : {}),
    }));
  }
  return JSON.parse(JSON.stringify(write)) as Gs1RecordWrite; // drops the undefined fields
}

function entryIssues(entry: EntryDraft, n: number): string[] {
  const issues: string[] = [];
  if (!normalizeLinkType(entry.linkType.trim())) issues.push(`Link ${n}: "${entry.linkType}" is not a GS1 link type.`);
  if (!isHttpUrl(entry.href.trim())) issues.push(`Link ${n}: the target must be an absolute http(s) URL.`);
  if (entry.title.length > 256) issues.push(`Link ${n}: the title is longer than 256 characters.`);
  for (const tag of list(entry.hreflang)) {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) issues.push(`Link ${n}: "${tag}" is not a language tag.`);
  }
  if (entry.type.trim() && !/^[\w.+-]+\/[\w.+-]+$/.test(entry.type.trim())) {
    issues.push(`Link ${n}: "${entry.type}" is not a media type (e.g. text/html).`);
  }
  return issues;
}

/** What keeps the draft from being saved, in the API's terms (spec 2.5 and the GS1 bulk rules), before submit. */
export function draftIssues(record: Gs1Link, draft: RecordDraft, entitlements: readonly string[]): string[] {
  const entitled = entitlements.includes(ENTITLEMENTS.resolver);
  const issues = draft.entries.flatMap((entry, i) => entryIssues(entry, i + 1));
  if (draft.entries.filter((e) => e.default).length > 1) issues.push('At most one link may be the default.');
  if (draft.entries.length > LINKSET_MAX_ENTRIES) issues.push(`At most ${LINKSET_MAX_ENTRIES} links.`);
  if (draft.entries.length > 1 && !entitled) {
    issues.push(
      `More than one link needs the tenant's resolver entitlement ("${ENTITLEMENTS.resolver}"), which it lacks; ` +
        'ask your operator, or keep one link.',
    );
  }
  if (draft.entries.length === 0 && record.linkset.length > 0) {
    issues.push('A saved linkset cannot be removed by a re-import (none sent keeps it); keep at least one link.');
  }
  const destination = draft.destination.trim();
  if (destination !== '' && !isHttpUrl(destination)) issues.push('The destination must be an absolute http(s) URL.');
  if (destination === '' && draft.entries.length === 0) issues.push('A record needs a destination or a link.');
  for (const [ai, value] of draft.ai) {
    const definition = aiDefinition(ai.trim());
    if (!definition || !isDataAttribute(ai.trim())) issues.push(`AI ${ai} is not a Digital Link data attribute.`);
    else {
      const parsed = parseAiValue(ai.trim(), value.trim());
      if (!parsed.ok) issues.push(`AI ${ai} (${definition.title}): ${parsed.issue.message}`);
    }
  }
  if (new Set(draft.ai.map(([ai]) => ai.trim())).size < draft.ai.length) issues.push('An AI is given twice.');
  if (draft.ai.length > 0 && !entitled) {
    issues.push(`Data attributes need the tenant's resolver entitlement ("${ENTITLEMENTS.resolver}"), which it lacks.`);
  }
  const tags = list(draft.tags);
  if (tags.length > GS1_RECORD_TAGS_MAX) issues.push(`At most ${GS1_RECORD_TAGS_MAX} tags.`);
  if (tags.some((t) => t.length > GS1_TAG_MAX_LENGTH)) {
    issues.push(`A tag is at most ${GS1_TAG_MAX_LENGTH} characters.`);
  }
  if (new Set(tags).size < tags.length) issues.push('A tag is given twice.');
  if (issues.length > 0) return issues;
  // Anything else the API's own schema would refuse (AI pairing rules, lengths), in its words.
  const parsed = Gs1Record.safeParse(recordWrite(record, draft));
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`);
}
