import { useState, type FormEvent } from 'react';
import { customRange, localInputValue, WINDOWS, type AnalyticsRange, type RangeIssues } from './analytics-range';

const WEEK_MS = 7 * 86_400_000;

/**
 * The 24h/7d/30d windows and a custom from/to range, for the per-link and the tenant analytics. A custom range is
 * checked before it is applied (both ends, from before to, not in the future, at most 366 days), so the API's 400
 * is never the first word.
 */
export function RangePicker({ value, onChange }: { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  const [editing, setEditing] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [issues, setIssues] = useState<RangeIssues>({});
  const custom = editing || 'from' in value;
  const openCustom = () => {
    const now = new Date();
    setFrom((f) => f || localInputValue(new Date(now.getTime() - WEEK_MS)));
    setTo((t) => t || localInputValue(now));
    setEditing(true);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = customRange(from, to, new Date());
    if ('range' in checked) {
      setIssues({});
      setEditing(false);
      onChange(checked.range);
    } else setIssues(checked);
  };
  const max = localInputValue(new Date());
  return (
    <>
      <div className="segmented" role="group" aria-label="Range">
        {WINDOWS.map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={!custom && 'window' in value && value.window === w}
            onClick={() => (setEditing(false), onChange({ window: w }))}
          >
            {w}
          </button>
        ))}
        <button type="button" aria-pressed={custom} onClick={openCustom}>
          Custom range
        </button>
      </div>
      {custom && (
        <form className="inline-form range-form" onSubmit={apply} aria-label="Custom range" noValidate>
          <RangeInput id="range-from" label="From" value={from} max={max} issue={issues.from} onChange={setFrom} />
          <RangeInput id="range-to" label="To" value={to} max={max} issue={issues.to} onChange={setTo} />
          <button type="submit">Apply range</button>
        </form>
      )}
      {'from' in value && (
        <p className="hint" data-testid="applied-range">
          Showing {new Date(value.from).toLocaleString()} to {new Date(value.to).toLocaleString()}
        </p>
      )}
    </>
  );
}

function RangeInput(props: {
  id: string;
  label: string;
  value: string;
  max: string;
  issue: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <span className="range-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="datetime-local"
        value={props.value}
        max={props.max}
        onChange={(e) => props.onChange(e.target.value)}
        {...(props.issue ? { 'aria-invalid': true, 'aria-describedby': `${props.id}-issue` } : {})}
      />
      {props.issue && (
        <span className="field-issue" id={`${props.id}-issue`} role="alert">
          {props.issue}
        </span>
      )}
    </span>
  );
}
