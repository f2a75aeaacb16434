import { shortUrlOriginOf } from '@waymark/contracts';
import {
  buildLinkset,
  digitalLinkLevels,
  expandCompressedDigitalLink,
  issue,
  LINKSET_JSONLD_CONTEXT,
  parseDigitalLink,
  type DigitalLinkElements,
  type Gs1Key,
  type Gs1Result,
} from '@waymark/gs1';
import { itemDescriptionOf } from '../domain/item-description';
import { withPassthroughQuery } from '../../links/domain/destination-url';
import { recordEntries } from '../domain/gs1-entries';
import type { LinkEntry } from '../../shared-kernel/link-entry';
import { linkOutcome } from '../../links/domain/link-outcome';
import { selectLink } from '../domain/link-selection';
import { JSONLD_CONTEXT_LINK, LINKSET_MEDIA_TYPE, linksetMediaType, wantsLinkset } from '../domain/linkset-request';
import { splitScanMarker } from '../../links/domain/scan-marker';
import { firstNonUriCharacter } from '../domain/uri-characters';
import { findLink } from '../../shared-kernel/find-link';
import { json } from '../../links/domain/json-response';
import { invalidDigitalLink, METHOD_NOT_ALLOWED, PREFLIGHT, withCors } from '../domain/gs1-responses';
import { gs1Page } from './gs1-page';
import type { VisitDeps } from '../../links/app/links-ports';
import { NO_STORE, type VisitRequest, type VisitResponse } from '../../shared-kernel/visit';

interface Level {
  readonly path: string;
  readonly record: LinkEntry | undefined;
}

const FIELDS: Record<string, 'cpv' | 'batch' | 'serial'> = { '22': 'cpv', '10': 'batch', '21': 'serial' };

/** The record key of a GTIN Digital Link: AI 235 (TPX) has no record level of its own and falls back to the GTIN. */
function gtinKey(link: DigitalLinkElements): Gs1Key {
  const key: { gtin: string; cpv?: string; batch?: string; serial?: string } = { gtin: link.primary[1] };
  for (const [ai, value] of link.qualifiers) if (FIELDS[ai]) key[FIELDS[ai]] = value;
  return key;
}

/**
 * A GS1 Digital Link request (`[/stem]/01/<gtin>[/22/..][/10/..][/21/..]`, any primary key of the dictionary), per
 * the GS1 resolver standard: the nearest record from the requested level up to the GTIN answers; 307 to its default
 * link or to `?linkType=`'s link; the linkset of every level for `linkType=linkset` or
 * `Accept: application/linkset+json`; 400 when invalid; 404 for a valid key Waymark holds no record for (only GTINs
 * have records). Any path may carry a custom stem: the rightmost primary key is the key and what precedes it the
 * stem, even when that holds a key too (GS1 Digital Link 1.2+, as GS1's syntax engine reads it). `stems`: the path
 * did not open with a primary key, so one without any key is not a Digital Link (404) rather than a bad one (400).
 */
export function resolveDigitalLink(
  deps: VisitDeps,
  request: VisitRequest,
  stems = false,
): VisitResponse | Promise<VisitResponse> {
  if (request.method === 'OPTIONS') return PREFLIGHT;
  if (request.method !== 'GET' && request.method !== 'HEAD') return METHOD_NOT_ALLOWED;
  const raw = request.rawQuery === '' ? request.path : `${request.path}?${request.rawQuery}`;
  const bad = firstNonUriCharacter(raw);
  if (bad !== undefined)
    return invalidDigitalLink(issue('bad_uri', `${JSON.stringify(bad)} must be percent-encoded in a URI`));
  const { parsed, uncompressed } = parseRequested(raw, request);
  if (!parsed.ok) {
    // Behind a possible stem, a path without any GS1 key is simply not a Digital Link.
    if (stems && parsed.issue.reason === 'missing_primary_key') return gs1Page('not_found', deps.pages, request.host);
    return invalidDigitalLink(parsed.issue);
  }
  if (parsed.value.primary[0] !== '01') return gs1Page('not_found', deps.pages, request.host);
  const paths = digitalLinkLevels(gtinKey(parsed.value));
  const found = paths.map((path) => findLink(deps.links, request.host, path));
  // A compressed link is answered as its uncompressed form, whose query is the one passed on.
  const asSent = uncompressed === undefined ? request : { ...request, rawQuery: uncompressed.split('?')[1] ?? '' };
  const answer = (records: (LinkEntry | undefined)[]) =>
    respond(
      deps,
      asSent,
      parsed.value.path,
      parsed.value.params,
      paths.map((path, i) => ({ path, record: records[i] })),
      uncompressed,
    );
  return found.some((f) => f instanceof Promise)
    ? Promise.all(found).then(answer)
    : answer(found as (LinkEntry | undefined)[]);
}

/**
 * The request parsed as a Digital Link, else as a compressed one (GS1 Digital Link compression): then `uncompressed`
 * is its uncompressed path and query, which the answer names with `rel="owl:sameAs"` instead of redirecting to it.
 */
function parseRequested(
  raw: string,
  request: VisitRequest,
): { parsed: Gs1Result<DigitalLinkElements>; uncompressed?: string } {
  const parsed = parseDigitalLink(raw, { stems: true });
  if (parsed.ok) return { parsed };
  const uncompressed = expandCompressedDigitalLink(request.path, request.rawQuery);
  const expanded = uncompressed === null ? undefined : parseDigitalLink(uncompressed);
  return expanded?.ok ? { parsed: expanded, uncompressed: uncompressed as string } : { parsed };
}

/** The query parameters link selection reads (`linkType`, `context`). */
interface SelectionParams {
  readonly linkType?: string;
  readonly context?: string;
}

function respond(
  deps: VisitDeps,
  request: VisitRequest,
  requested: string,
  params: SelectionParams,
  levels: Level[],
  uncompressed?: string,
): VisitResponse {
  const present = levels.filter((level): level is { path: string; record: LinkEntry } => level.record !== undefined);
  const nearest = present[0]?.record;
  if (nearest === undefined) return gs1Page('not_found', deps.pages, request.host);
  const outcome = linkOutcome(nearest, request.nowMs);
  if (outcome !== 'redirect') return gs1Page(outcome, deps.pages, request.host, nearest.tenantId);
  const origin = shortUrlOriginOf(nearest.domain);
  const usable = present.filter((level) => linkOutcome(level.record, request.nowMs) === 'redirect');
  const sameAs =
    uncompressed === undefined
      ? ''
      : `, <${origin}${uncompressed}>; rel="owl:sameAs"; title="Uncompressed GS1 Digital Link"`;
  const linksetOf = (status: number) => {
    const levelsOf = usable.map((level) => ({
      anchor: `${origin}/${level.path}`,
      entries: recordEntries(level.record),
      itemDescription: itemDescriptionOf(level.record),
    }));
    const type = linksetMediaType(request.accept);
    const linkset = buildLinkset(levelsOf);
    const body = type === 'application/ld+json' ? { '@context': LINKSET_JSONLD_CONTEXT, ...linkset } : linkset;
    // No charset parameter: JSON is UTF-8 by definition (RFC 8259), and clients compare the bare media type.
    const headers = { link: `${JSONLD_CONTEXT_LINK}${sameAs}`, 'content-type': type };
    return withCors(json(status, body, headers));
  };
  if (wantsLinkset(params.linkType, request.accept)) return linksetOf(200);

  const selection = selectLink(
    usable.map((level) => recordEntries(level.record)),
    {
      linkType: params.linkType,
      acceptLanguage: request.acceptLanguage,
      accept: request.accept,
      context: params.context,
    },
  );
  if (selection.kind === 'none') return gs1Page('not_found', deps.pages, request.host, nearest.tenantId);
  if (selection.kind === 'multiple') return linksetOf(300);

  const query = splitScanMarker(request.rawQuery);
  if (request.method === 'GET') {
    const context = { source: query.scanned ? 'qr' : 'click', bot: deps.isBot(request.ua) } as const;
    deps.clicks.record({ entry: nearest, request, context });
  }
  const passthrough = query.passthrough
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('linkType='))
    .join('&');
  return withCors({
    status: 307,
    headers: {
      location: withPassthroughQuery(selection.href, passthrough),
      'cache-control': NO_STORE,
      link: `<${origin}/${requested}?linkType=linkset>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"; title="Linkset"${sameAs}`,
    },
  });
}
