import { uniqueName } from './unique-name';

describe('uniqueName', () => {
  it('never repeats and stays a valid topic, bucket and key prefix', () => {
    const names = Array.from({ length: 500 }, () => uniqueName('Link API_events!'));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^link-api-events-[a-z0-9-]+$/);
      expect(name.length).toBeLessThanOrEqual(63);
    }
  });

  it('keeps long prefixes within the 63 characters S3 and PostgreSQL allow', () => {
    expect(uniqueName('x'.repeat(200)).length).toBeLessThanOrEqual(63);
  });
});
