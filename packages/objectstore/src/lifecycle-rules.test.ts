import { expiryRuleId, withExpiryRule } from './lifecycle-rules';

describe('withExpiryRule', () => {
  it('adds an expiry rule for a prefix to a bucket without rules', () => {
    expect(withExpiryRule(null, 'exports/', 7)).toEqual({
      Rule: [
        { ID: expiryRuleId('exports/'), Status: 'Enabled', Filter: { Prefix: 'exports/' }, Expiration: { Days: 7 } },
      ],
    });
  });

  it("replaces the prefix's own rule and keeps everyone else's, including a lone rule parsed as an object", () => {
    const other = { ID: 'ops-rule', Status: 'Enabled', Filter: { Prefix: 'tmp/' }, Expiration: { Days: 1 } };
    const once = withExpiryRule({ Rule: other as never }, 'exports/', 7);
    const twice = withExpiryRule(once, 'exports/', 30);
    expect(twice.Rule).toEqual([
      other,
      expect.objectContaining({ ID: expiryRuleId('exports/'), Expiration: { Days: 30 } }),
    ]);
  });
});
