import type { Gs1Link } from '@waymark/contracts';
import { entityTagOf } from '@waymark/http';

/** A GS1 link's entity tag: the shared digest of its representation (docs/decisions.md, "One ETag scheme"). */
export function gs1LinkEtag(link: Gs1Link): string {
  return entityTagOf(link);
}
