import { kafkaConnectionSettings } from './kafka-connection-settings';

describe('kafkaConnectionSettings', () => {
  const env = { KAFKA_BROKERS: ['kafka-1:9092', 'kafka-2:9092'], KAFKA_SESSION_TIMEOUT: 10_000 };

  it('names the client after the service unless KAFKA_CLIENT_ID does, and passes the brokers and session timeout', () => {
    expect(kafkaConnectionSettings(env, 'notifier')).toEqual({
      brokers: ['kafka-1:9092', 'kafka-2:9092'],
      clientId: 'notifier',
      consumer: { sessionTimeoutMs: 10_000 },
    });
    expect(kafkaConnectionSettings({ ...env, KAFKA_CLIENT_ID: 'notifier-eu-1' }, 'notifier').clientId).toBe(
      'notifier-eu-1',
    );
  });

  it("keeps the service's own consumer tuning beside the session timeout", () => {
    expect(kafkaConnectionSettings(env, 'redirector', { maxWaitTimeMs: 100 }).consumer).toEqual({
      maxWaitTimeMs: 100,
      sessionTimeoutMs: 10_000,
    });
  });
});
