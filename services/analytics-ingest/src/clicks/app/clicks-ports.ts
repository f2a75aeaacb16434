import type { FactRow } from '../domain/fact-row';

/** An enriched click with the id of its link, ready to be written with its rollups. */
export interface StoredFact {
  row: FactRow;
  linkId: number;
}
