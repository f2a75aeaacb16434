import type { Link as LinkRow } from '../../generated/prisma/client';
import { LINK_COLUMNS, toRecord, toRow } from './link-row.mapper';

const row: LinkRow = {
  id: 'l_1',
  seq: 7n,
  tenantId: 't_acme',
  domain: 'go.acme.test',
  code: 'spring',
  destination: 'https://shop.acme.test/spring',
  status: 'active',
  title: 'Spring',
  tags: { campaign: 'spring' },
  expiresAt: null,
  lastClickAt: new Date('2030-01-01T00:00:00.000Z'),
  notifyChannels: ['ch_1'],
  createdAt: new Date('2029-12-01T00:00:00.000Z'),
  updatedAt: new Date('2029-12-02T00:00:00.000Z'),
};

describe('the link row mapper', () => {
  it('reads every column but seq (the list order) into the record, and writes the record back as the same row', () => {
    const record = toRecord(row);
    const { seq: _seq, ...columns } = row;
    expect(record).toEqual(columns);
    expect(toRow(record)).toEqual(columns);
  });

  it('gives a record a list of channels when the column holds NULL', () => {
    expect(toRecord({ ...row, notifyChannels: null as unknown as string[] }).notifyChannels).toEqual([]);
  });

  it('selects each column under its field name, so plain-SQL rows map like Prisma rows', () => {
    expect(LINK_COLUMNS).toContain('"tenant_id" AS "tenantId"');
    expect(LINK_COLUMNS).toContain('"notify_channels" AS "notifyChannels"');
    expect(LINK_COLUMNS).not.toContain('seq');
    expect(LINK_COLUMNS.split(', ')).toHaveLength(Object.keys(row).length - 1);
  });
});
