import { aiDefinition, linkTypeLabel } from '@waymark/gs1';
import type { components } from '@waymark/sdk';

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

/** The record's linkset entries: one link per GS1 link type (and language or context). */
export function LinksetTable({ record }: { record: Gs1Link }) {
  if (record.linkset.length === 0) {
    return <p className="state empty">No linkset: the code resolves to its destination.</p>;
  }
  return (
    <div className="table-wrap">
      <table>
        <caption>Linkset entries</caption>
        <thead>
          <tr>
            <th scope="col">Link type</th>
            <th scope="col">Target</th>
            <th scope="col">Title</th>
            <th scope="col">Language, context</th>
            <th scope="col">Default</th>
          </tr>
        </thead>
        <tbody>
          {record.linkset.map((entry, i) => (
            <tr key={`${entry.href}-${i}`}>
              <td>
                {entry.linkType ?? 'gs1:pip'} <span className="hint">{linkTypeLabel(entry.linkType ?? 'gs1:pip')}</span>
              </td>
              <td className="url">{entry.href}</td>
              <td>{entry.title ?? '—'}</td>
              <td>{[...(entry.hreflang ?? []), ...(entry.context ?? [])].join(', ') || '—'}</td>
              <td>{entry.default ? 'yes' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Data attributes keyed by AI, with the GS1 dictionary's title of each AI. */
export function DataAttributesTable({ record }: { record: Gs1Link }) {
  const entries = Object.entries(record.ai);
  if (entries.length === 0) return <p className="state empty">No data attributes.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption>Data attributes</caption>
        <thead>
          <tr>
            <th scope="col">AI</th>
            <th scope="col">Meaning</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([ai, value]) => (
            <tr key={ai}>
              <td>{ai}</td>
              <td>{aiDefinition(ai)?.title ?? '—'}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
