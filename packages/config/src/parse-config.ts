import type { z } from 'zod';
import { ConfigError, type ConfigIssue } from './config-error';

export type Env = Readonly<Record<string, string | undefined>>;

export interface ParseConfigOptions {
  /** Named in the error message so a log line says whose configuration failed. */
  readonly service?: string;
}

/**
 * Parses a service's environment once with its zod object schema whose keys are the variable names.
 * Empty strings count as unset, so `FOO=` in a compose file falls back to the default instead of failing oddly.
 * Throws ConfigError listing every bad variable.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Env = process.env,
  options: ParseConfigOptions = {},
): z.output<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issues: ConfigIssue[] = result.error.issues.map((issue) => ({
    variable: issue.path.length > 0 ? issue.path.map(String).join('.') : '(environment)',
    reason:
      issue.code === 'invalid_type' && cleaned[String(issue.path[0])] === undefined ? 'is required' : issue.message,
  }));
  throw new ConfigError(options.service, issues);
}
