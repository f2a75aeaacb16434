import { DomainError, isDomainError } from '@waymark/contracts';
import type { DestinationScreener } from '@waymark/screening';
import type { Gs1Draft } from './gs1-link-ports';

/**
 * Every redirect target of a record (its destination and every linkset href) passes the same screening as a link
 * destination and is stored in its ASCII form, so the resolver never sends a visitor inward. A refusal names the
 * field and fails the row alone (422 `destination_rejected` in its result).
 */
export async function screenGs1Targets(screener: DestinationScreener, draft: Gs1Draft): Promise<Gs1Draft> {
  const { record } = draft;
  const destination = record.destination === null ? null : await screened(screener, record.destination, 'destination');
  const linkset = [];
  for (const [i, entry] of record.linkset.entries()) {
    linkset.push({ ...entry, href: await screened(screener, entry.href, `linkset[${i}].href`) });
  }
  return { ...draft, record: { ...record, destination, linkset } };
}

async function screened(screener: DestinationScreener, target: string, field: string): Promise<string> {
  try {
    return await screener.screen(target);
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'destination_rejected') throw error;
    throw new DomainError(error.code, `${field}: ${error.message}`, error.details);
  }
}
