import { parseSchemaName, quoteIdent } from './schema-name';
import { poolConfig } from './pool-config';

describe('schema names', () => {
  it('accepts service schemas and rejects anything that could escape an identifier', () => {
    expect(parseSchemaName('link_api')).toBe('link_api');
    for (const bad of ['Link', 'link-api', 'a;drop', '1abc', '', 'x'.repeat(64)]) {
      expect(() => parseSchemaName(bad)).toThrow();
    }
  });

  it('quotes identifiers', () => {
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });

  it('puts the schema first on every connection search_path', () => {
    expect(poolConfig({ databaseUrl: 'postgres://u@h/db', schema: 'link_api' }, 3)).toEqual({
      connectionString: 'postgres://u@h/db',
      options: '-c search_path=link_api',
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      max: 3,
    });
  });
});
