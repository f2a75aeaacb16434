import { createExport } from './create-export';
import { deleteExport, getExport, listExports } from './export-queries';
import type { ExportDeps } from './export-ports';

/** Everything the exports controller can ask for. */
export function exportUseCases(deps: ExportDeps) {
  return {
    create: createExport(deps),
    list: listExports(deps),
    get: getExport(deps),
    remove: deleteExport(deps),
  };
}

export type ExportUseCases = ReturnType<typeof exportUseCases>;
