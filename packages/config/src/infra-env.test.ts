import { z } from 'zod';
import { ConfigError, kafkaEnv, parseConfig } from './index';

const schema = z.object(kafkaEnv);

describe('kafkaEnv', () => {
  it("defaults the consumer session timeout to Kafka's 30 s", () => {
    expect(parseConfig(schema, { KAFKA_BROKERS: 'kafka:9092' })).toEqual({
      KAFKA_BROKERS: ['kafka:9092'],
      KAFKA_SESSION_TIMEOUT: 30_000,
    });
  });

  it('reads a session timeout within what brokers accept', () => {
    expect(
      parseConfig(schema, { KAFKA_BROKERS: 'kafka:9092', KAFKA_SESSION_TIMEOUT: '10s' }).KAFKA_SESSION_TIMEOUT,
    ).toBe(10_000);
    expect(
      parseConfig(schema, { KAFKA_BROKERS: 'kafka:9092', KAFKA_SESSION_TIMEOUT: '5m' }).KAFKA_SESSION_TIMEOUT,
    ).toBe(300_000);
  });

  it.each(['5s', '6m', 'soon'])('refuses %s as a session timeout, naming the variable', (raw) => {
    expect(() => parseConfig(schema, { KAFKA_BROKERS: 'kafka:9092', KAFKA_SESSION_TIMEOUT: raw })).toThrow(ConfigError);
    expect(() => parseConfig(schema, { KAFKA_BROKERS: 'kafka:9092', KAFKA_SESSION_TIMEOUT: raw })).toThrow(
      /KAFKA_SESSION_TIMEOUT/,
    );
  });
});
