import { aiDefinition, linkTypeLabel } from '@waymark/gs1';
import type { components } from '@waymark/sdk';
import { DataTable, type Column } from '../ui/data-table';

type Gs1Link = components['schemas']['Gs1LinkView'];

const when = (iso: string) => new Date(iso).toLocaleString();

/** The record's identity and fields, as stored. */
export function Gs1RecordFields({ record }: { record: Gs1Link }) {
  const rows: [string, string | null][] = [
    ['GTIN (01)', record.gtin],
    ['Consumer product variant (22)', record.cpv],
    ['Batch/lot (10)', record.batch],
    ['Serial (21)', record.serial],
    ['Expiry date (17)', record.expiry],
    ['Item description', record.itemDescription],
    ['Destination', record.destination],
    ['Domain', record.domain],
    ['Tags', record.tags.join(', ') || null],
    ['Created', when(record.createdAt)],
    ['Updated', when(record.updatedAt)],
  ];
  return (
    <dl className="details">
      {rows.map(([label, value]) => [
        <dt key={`${label}-t`}>{label}</dt>,
        <dd key={`${label}-d`} className="url">
          {value ?? '—'}
        </dd>,
      ])}
    </dl>
  );
}

type LinksetEntry = Gs1Link['linkset'][number];

const LINKSET_COLUMNS: Column<LinksetEntry>[] = [
  {
    header: 'Link type',
    cell: (entry) => (
      <>
        {entry.linkType ?? 'gs1:pip'} <span className="hint">{linkTypeLabel(entry.linkType ?? 'gs1:pip')}</span>
      </>
    ),
  },
  { header: 'Target', className: 'url', cell: (entry) => entry.href },
  { header: 'Title', cell: (entry) => entry.title ?? '—' },
  {
    header: 'Language, context',
    cell: (entry) => [...(entry.hreflang ?? []), ...(entry.context ?? [])].join(', ') || '—',
  },
  { header: 'Default', cell: (entry) => (entry.default ? 'yes' : '') },
];

/** The record's linkset entries: one link per GS1 link type (and language or context). */
export function LinksetTable({ record }: { record: Gs1Link }) {
  if (record.linkset.length === 0) {
    return <p className="state empty">No linkset: the code resolves to its destination.</p>;
  }
  return (
    <DataTable
      caption="Linkset entries"
      columns={LINKSET_COLUMNS}
      rows={record.linkset}
      rowKey={(entry, i) => `${entry.href}-${i}`}
    />
  );
}

const ATTRIBUTE_COLUMNS: Column<[string, string]>[] = [
  { header: 'AI', cell: ([ai]) => ai },
  { header: 'Meaning', cell: ([ai]) => aiDefinition(ai)?.title ?? '—' },
  { header: 'Value', cell: ([, value]) => value },
];

/** Data attributes keyed by AI, with the GS1 dictionary's title of each AI. */
export function DataAttributesTable({ record }: { record: Gs1Link }) {
  const entries = Object.entries(record.ai);
  if (entries.length === 0) return <p className="state empty">No data attributes.</p>;
  return <DataTable caption="Data attributes" columns={ATTRIBUTE_COLUMNS} rows={entries} rowKey={([ai]) => ai} />;
}
