import { buildLinkset, type LinksetEntryInput } from '@waymark/gs1';
import { fetchServedLinkset, type ServedLinkset } from './served-linkset';

/** The links of a linkset level by relation (anchor and itemDescription left out), comparable as JSON. */
function relationsOf(level: Record<string, unknown> | undefined): string {
  const links = Object.entries(level ?? {}).filter(([relation]) => relation.startsWith('http'));
  return JSON.stringify(links.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The resolver learns of a saved record through the event stream, a moment after the API answered: polls its linkset
 * until the record's own level lists exactly the links just saved (built as the resolver builds them), or the time
 * is up, when its last answer is returned.
 */
export async function awaitServed(
  uri: string,
  entries: readonly LinksetEntryInput[],
  timeoutMs = 15_000,
): Promise<ServedLinkset> {
  const expected = relationsOf(buildLinkset([{ anchor: uri, entries }]).linkset[0]);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const served = await fetchServedLinkset(uri).catch(() => null);
    if (served && relationsOf(served[0]) === expected) return served;
    if (Date.now() > deadline) {
      if (served) return served;
      throw new Error('The resolver does not serve this Digital Link yet; reload in a moment.');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
