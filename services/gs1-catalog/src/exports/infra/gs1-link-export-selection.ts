import type { Gs1ExportSnapshot } from '@waymark/contracts';
import type { Gs1LinkFilter, Gs1LinkRepository } from '../../links/app/gs1-link-ports';
import { toGs1LinkView } from '../../links/domain/gs1-link-record';
import type { ExportSelection } from '../app/export-ports';

/**
 * The records an export takes, in import order, as the snapshot carries them: read through the links feature's
 * repository port, so the filter of lists and exports stays one query owned by the links feature.
 */
export class Gs1LinkExportSelection implements ExportSelection {
  constructor(private readonly links: Pick<Gs1LinkRepository, 'list'>) {}

  async select(tenantId: string, filter: Gs1LinkFilter, limit: number): Promise<Gs1ExportSnapshot['records']> {
    const records = await this.links.list(tenantId, { ...filter, limit });
    return records.map((link) => {
      const { createdAt: _c, updatedAt: _u, ...record } = toGs1LinkView(link);
      return record;
    });
  }
}
