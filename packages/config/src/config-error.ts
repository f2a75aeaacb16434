/** One bad environment variable and why it was refused. */
export interface ConfigIssue {
  readonly variable: string;
  readonly reason: string;
}

/**
 * Thrown when a service's environment does not match its schema. The message names every bad variable
 * (not only the first), so an operator fixes the whole deployment in one pass.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    readonly service: string | undefined,
    readonly issues: readonly ConfigIssue[],
  ) {
    const head = `Invalid configuration${service ? ` for ${service}` : ''}: ${issues.length} bad variable(s)`;
    super([head, ...issues.map((i) => `  - ${i.variable}: ${i.reason}`)].join('\n'));
  }
}
