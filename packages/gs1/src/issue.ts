/** Machine-readable reasons a GS1 value or Digital Link is refused; `message` carries the human detail. */
export type Gs1Reason =
  | 'not_numeric'
  | 'bad_length'
  | 'bad_check_digit'
  | 'bad_character'
  | 'too_long'
  | 'empty_value'
  | 'bad_date'
  | 'bad_value'
  | 'missing_requisite'
  | 'exclusive_ai'
  | 'unknown_ai'
  | 'duplicate_ai'
  | 'misplaced_ai'
  | 'wrong_order'
  | 'missing_primary_key'
  | 'missing_value'
  | 'bad_percent_encoding'
  | 'bad_uri';

export interface Gs1Issue {
  readonly reason: Gs1Reason;
  /** The AI the issue is about, when there is one. */
  readonly ai?: string;
  readonly message: string;
}

export type Gs1Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issue: Gs1Issue };

/** Thrown by builders given a value the caller should have validated first. */
export class Gs1ValidationError extends Error {
  readonly reason: Gs1Reason;
  readonly ai?: string;

  constructor(issue: Gs1Issue) {
    super(issue.message);
    this.name = 'Gs1ValidationError';
    this.reason = issue.reason;
    this.ai = issue.ai;
  }
}

export function issue(reason: Gs1Reason, message: string, ai?: string): Gs1Issue {
  return ai === undefined ? { reason, message } : { reason, message, ai };
}

export function ok<T>(value: T): Gs1Result<T> {
  return { ok: true, value };
}

export function fail<T>(i: Gs1Issue): Gs1Result<T> {
  return { ok: false, issue: i };
}
