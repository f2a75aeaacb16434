import { z } from 'zod';
import { ConfigError, env, parseConfig } from './index';

const schema = z.object({
  PORT: env.port().default(8080),
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  KAFKA_BROKERS: env.brokerList(),
  SHUTDOWN_TIMEOUT: env.duration().default(10_000),
  PRETTY_LOGS: env.boolean().default(false),
  LOG_LEVEL: env.logLevel().default('info'),
  SIGNING_SECRET: env.secret(32),
});

const good = {
  DATABASE_URL: 'postgres://u:p@db:5432/waymark',
  KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9093',
  SIGNING_SECRET: 'x'.repeat(32),
};

function failureOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('parses a valid environment into typed values with defaults', () => {
    const config = parseConfig(schema, { ...good, SHUTDOWN_TIMEOUT: '5m', PRETTY_LOGS: '1' });
    expect(config).toEqual({
      PORT: 8080,
      DATABASE_URL: good.DATABASE_URL,
      KAFKA_BROKERS: ['kafka-1:9092', 'kafka-2:9093'],
      SHUTDOWN_TIMEOUT: 300_000,
      PRETTY_LOGS: true,
      LOG_LEVEL: 'info',
      SIGNING_SECRET: good.SIGNING_SECRET,
    });
  });

  it('names every bad variable with its reason, not only the first', () => {
    const error = failureOf(() =>
      parseConfig(
        schema,
        {
          PORT: '70000',
          DATABASE_URL: 'mysql://db/x',
          KAFKA_BROKERS: 'kafka',
          PRETTY_LOGS: 'yes',
          LOG_LEVEL: 'loud',
          SIGNING_SECRET: 'short',
        },
        { service: 'link-api' },
      ),
    );
    const byVariable = Object.fromEntries(error.issues.map((i) => [i.variable, i.reason]));
    expect(Object.keys(byVariable).sort()).toEqual(
      ['DATABASE_URL', 'KAFKA_BROKERS', 'LOG_LEVEL', 'PORT', 'PRETTY_LOGS', 'SIGNING_SECRET'].sort(),
    );
    expect(byVariable.PORT).toMatch(/port number/);
    expect(byVariable.DATABASE_URL).toMatch(/postgres, postgresql/);
    expect(byVariable.KAFKA_BROKERS).toMatch(/host:port/);
    expect(byVariable.SIGNING_SECRET).toMatch(/at least 32 characters/);
    expect(error.message).toMatch(/^Invalid configuration for link-api: 6 bad variable\(s\)/);
    for (const variable of Object.keys(byVariable)) expect(error.message).toContain(`- ${variable}: `);
  });

  it('reports a missing required variable as required, and treats an empty value as missing', () => {
    const error = failureOf(() => parseConfig(schema, { ...good, DATABASE_URL: '' }));
    expect(error.issues).toEqual([{ variable: 'DATABASE_URL', reason: 'is required' }]);
  });

  it('never echoes a refused secret in the message', () => {
    const error = failureOf(() => parseConfig(schema, { ...good, SIGNING_SECRET: 'hunter2-leaked' }));
    expect(error.message).not.toContain('hunter2-leaked');
  });

  it('ignores variables the schema does not declare', () => {
    expect(() => parseConfig(schema, { ...good, HOME: '/root', PATH: '/bin' })).not.toThrow();
  });
});
