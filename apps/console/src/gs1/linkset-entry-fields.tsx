import { GS1_LINK_TYPES, linkTypeLabel } from '@waymark/gs1';
import type { EntryDraft } from './linkset-rules';

const LINK_TYPES = GS1_LINK_TYPES.map((name) => `gs1:${name}`);

type TextField = 'href' | 'title' | 'hreflang' | 'type' | 'context';

const TEXT_FIELDS: { field: TextField; label: string; placeholder: string }[] = [
  { field: 'href', label: 'Target URL', placeholder: 'https://brand.example.com/product' },
  { field: 'title', label: 'Title', placeholder: "the link type's label" },
  { field: 'hreflang', label: 'Languages', placeholder: 'en, fr' },
  { field: 'type', label: 'Media type', placeholder: 'text/html' },
  { field: 'context', label: 'Context', placeholder: 'FR, BE' },
];

/** One linkset entry: its GS1 link type, target, title, languages, media type, context and default flag. */
export function LinksetEntryFields(props: {
  n: number;
  entry: EntryDraft;
  onChange: (entry: EntryDraft) => void;
  onRemove: () => void;
}) {
  const { n, entry } = props;
  const id = (field: string) => `linkset-${n}-${field}`;
  const known = LINK_TYPES.includes(entry.linkType);
  return (
    <fieldset className="linkset-entry">
      <legend>Link {n}</legend>
      <label htmlFor={id('type-of-link')}>Link type</label>
      <select
        id={id('type-of-link')}
        value={entry.linkType}
        onChange={(e) => props.onChange({ ...entry, linkType: e.target.value })}
      >
        {!known && <option value={entry.linkType}>{entry.linkType} (not a GS1 link type)</option>}
        {LINK_TYPES.map((t) => (
          <option key={t} value={t}>
            {t} ({linkTypeLabel(t)})
          </option>
        ))}
      </select>
      {TEXT_FIELDS.map(({ field, label, placeholder }) => [
        <label key={`${field}-l`} htmlFor={id(field)}>
          {label}
        </label>,
        <input
          key={`${field}-i`}
          id={id(field)}
          value={entry[field]}
          placeholder={placeholder}
          onChange={(e) => props.onChange({ ...entry, [field]: e.target.value })}
        />,
      ])}
      <label className="check">
        <input
          type="checkbox"
          checked={entry.default}
          onChange={(e) => props.onChange({ ...entry, default: e.target.checked })}
        />{' '}
        Default link (what a scan without a link type opens)
      </label>
      <button type="button" onClick={props.onRemove}>
        Remove link {n}
      </button>
    </fieldset>
  );
}

/** The record's data attributes as AI and value rows. */
export function DataAttributeRows(props: { rows: [string, string][]; onChange: (rows: [string, string][]) => void }) {
  const set = (i: number, row: [string, string]) => props.onChange(props.rows.map((r, j) => (j === i ? row : r)));
  return (
    <fieldset className="linkset-entry">
      <legend>Data attributes</legend>
      {props.rows.length === 0 && <p className="hint">None.</p>}
      {props.rows.map(([ai, value], i) => (
        <div key={i} className="ai-row">
          <label htmlFor={`attribute-${i}-ai`}>AI</label>
          <input id={`attribute-${i}-ai`} size={5} value={ai} onChange={(e) => set(i, [e.target.value, value])} />
          <label htmlFor={`attribute-${i}-value`}>Value</label>
          <input id={`attribute-${i}-value`} value={value} onChange={(e) => set(i, [ai, e.target.value])} />
          <button type="button" onClick={() => props.onChange(props.rows.filter((_, j) => j !== i))}>
            Remove AI {ai || i + 1}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => props.onChange([...props.rows, ['', '']])}>
        Add a data attribute
      </button>
    </fieldset>
  );
}
