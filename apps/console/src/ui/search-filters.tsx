import type { ReactNode } from 'react';

/** A list's filters: they apply as they change, so the form never submits (Enter stays on the page). */
export function Filters({ children }: { children: ReactNode }) {
  return (
    <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}

/** A labelled search box whose every change is handed on at once. */
export function SearchInput(props: {
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="search"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
