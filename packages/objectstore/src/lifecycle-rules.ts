import type { LifecycleConfig, LifecycleRule } from 'minio';

/** Rule id per prefix, so setting the expiry of a prefix again replaces its rule and leaves the others alone. */
export function expiryRuleId(prefix: string): string {
  return `waymark-expire:${prefix}`;
}

export function withExpiryRule(current: LifecycleConfig | null, prefix: string, days: number): LifecycleConfig {
  const id = expiryRuleId(prefix);
  // The XML parser yields a lone rule as an object rather than a one-element array.
  const existing = ([] as LifecycleRule[]).concat(current?.Rule ?? []);
  const others = existing.filter((rule) => rule.ID !== id);
  const rule: LifecycleRule = { ID: id, Status: 'Enabled', Filter: { Prefix: prefix }, Expiration: { Days: days } };
  return { Rule: [...others, rule] };
}
