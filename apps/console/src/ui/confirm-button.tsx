import { useState, type ReactNode } from 'react';

/** A destructive or far-reaching action that asks once more, saying what will happen, before it runs. */
export function ConfirmButton(props: { label: string; question: ReactNode; onConfirm: () => void; danger?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={props.danger ? 'danger' : ''} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`Confirm ${props.label}`}>
      <span>{props.question}</span>
      <button
        type="button"
        className={props.danger ? 'danger' : 'primary'}
        autoFocus
        onClick={() => {
          setAsking(false);
          props.onConfirm();
        }}
      >
        Yes, {props.label.toLowerCase()}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
