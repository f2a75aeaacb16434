import { DomainError } from '@waymark/contracts';
import { generateCode } from '../domain/code-generator';
import type { LinkRecord } from '../domain/link-record';
import type { LinkRepository } from './link-ports';
import type { LinkDraft } from './prepare-link';

/** Generated codes drawn again after a collision before giving up; with 57^7 codes a second draw is already rare. */
const MAX_CODE_DRAWS = 5;

export type InsertOutcome = { created: LinkRecord } | { error: DomainError };

/**
 * Inserts drafts in as few statements as possible: one batch, then only the generated codes that collided are drawn
 * again. A custom code that is taken (by an existing link or an earlier draft of the same batch) fails alone.
 */
export async function insertDrafts(links: LinkRepository, drafts: readonly LinkDraft[]): Promise<InsertOutcome[]> {
  const outcomes: (InsertOutcome | undefined)[] = new Array(drafts.length);
  let pending = drafts.map((draft, index) => ({ draft, index }));
  for (let draw = 1; pending.length > 0; draw++) {
    const inserted = await links.insertMany(pending.map((p) => p.draft.record));
    const retry: typeof pending = [];
    for (const p of pending) {
      const { record, customCode } = p.draft;
      if (inserted.has(record.id)) outcomes[p.index] = { created: record };
      else if (customCode) outcomes[p.index] = { error: codeTaken(record) };
      else if (draw >= MAX_CODE_DRAWS)
        outcomes[p.index] = { error: new DomainError('conflict', 'could not find a free code; try again') };
      else retry.push({ index: p.index, draft: { customCode, record: { ...record, code: generateCode() } } });
    }
    pending = retry;
  }
  return outcomes as InsertOutcome[];
}

function codeTaken(record: LinkRecord): DomainError {
  return new DomainError('code_taken', `the code ${record.code} is already used on ${record.domain}`, {
    domain: record.domain,
    code: record.code,
  });
}
