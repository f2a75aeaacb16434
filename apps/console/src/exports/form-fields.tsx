import type { ReactNode } from 'react';

/** The message under a field the contract refuses, tied to the input with aria-describedby. */
export function FieldIssue({ id, issue }: { id: string; issue: string | undefined }) {
  if (!issue) return null;
  return (
    <span className="field-issue" id={`${id}-issue`}>
      {issue}
    </span>
  );
}

/** Props that mark an input invalid and point it at its message. */
export const invalidProps = (id: string, issue: string | undefined) =>
  issue ? { 'aria-invalid': true, 'aria-describedby': `${id}-issue` } : {};

/** A set of checkboxes for a multi-valued option (symbologies, formats). */
export function CheckboxGroup<T extends string>(props: {
  id: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T[];
  onChange: (value: T[]) => void;
  issue: string | undefined;
}) {
  const toggle = (v: T, on: boolean) => props.onChange(on ? [...props.value, v] : props.value.filter((x) => x !== v));
  return (
    <fieldset className="choices" aria-describedby={props.issue ? `${props.id}-issue` : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            checked={props.value.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />{' '}
          {o.label}
        </label>
      ))}
      <FieldIssue id={props.id} issue={props.issue} />
    </fieldset>
  );
}

/** A labelled select for a one-of option. */
export function Choice<T extends string>(props: {
  id: string;
  label: ReactNode;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  issue?: string;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
        {...invalidProps(props.id, props.issue)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldIssue id={props.id} issue={props.issue} />
    </>
  );
}

/** A checkbox for a yes/no option. */
export function Toggle(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} /> {props.label}
    </label>
  );
}
