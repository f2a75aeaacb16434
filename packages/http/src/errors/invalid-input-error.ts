import type { ValidationIssue } from './error-body';

/** Input refused before any route sees it (malformed escapes, NUL bytes, nesting, duplicate credentials): a 400. */
export class InvalidInputError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    this.name = 'InvalidInputError';
  }
}
