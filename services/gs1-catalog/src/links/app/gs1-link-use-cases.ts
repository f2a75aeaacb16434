import { bulkUpsertGs1Links } from './bulk-upsert-gs1-links';
import { deleteGs1Link, getGs1Link, listGs1Links } from './gs1-link-queries';
import type { Gs1LinkDeps } from './gs1-link-ports';

/** Everything the GS1 links controller can ask for. */
export function gs1LinkUseCases(deps: Gs1LinkDeps) {
  return {
    bulkUpsert: bulkUpsertGs1Links(deps),
    list: listGs1Links(deps),
    get: getGs1Link(deps),
    remove: deleteGs1Link(deps),
  };
}

export type Gs1LinkUseCases = ReturnType<typeof gs1LinkUseCases>;
