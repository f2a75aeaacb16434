import type { Gs1ExportSnapshot } from '@waymark/contracts';
import type { PrismaClient } from '../../generated/prisma/client';
import type { Gs1LinkFilter } from '../../links/app/gs1-link-ports';
import { toGs1LinkView } from '../../links/domain/gs1-link-record';
import { gs1LinkWhere } from '../../links/infra/prisma-gs1-link.repository';
import { toRecord } from '../../links/infra/gs1-link-rows';
import type { ExportSelection } from '../app/export-ports';

/** The records an export takes, in import order, as the snapshot carries them. */
export class PrismaExportSelection implements ExportSelection {
  constructor(private readonly prisma: PrismaClient) {}

  async select(tenantId: string, filter: Gs1LinkFilter, limit: number): Promise<Gs1ExportSnapshot['records']> {
    const rows = await this.prisma.gs1Link.findMany({
      where: gs1LinkWhere(tenantId, filter),
      orderBy: { seq: 'asc' },
      take: limit,
    });
    return rows.map((row) => {
      const { createdAt: _c, updatedAt: _u, ...record } = toGs1LinkView(toRecord(row));
      return record;
    });
  }
}
