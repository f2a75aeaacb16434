import { consumerTuning } from './consumer-tuning';

describe('consumerTuning', () => {
  it("is kafkajs' 30 s session with a 3 s heartbeat when nothing is set", () => {
    expect(consumerTuning()).toEqual({
      sessionTimeoutMs: 30_000,
      heartbeatIntervalMs: 3_000,
      maxBatchDurationMs: 300_000,
      maxWaitTimeMs: 1_000,
    });
  });

  it('brings the heartbeat along with a session timeout set alone', () => {
    expect(consumerTuning({ sessionTimeoutMs: 10_000 })).toMatchObject({
      sessionTimeoutMs: 10_000,
      heartbeatIntervalMs: 1_000,
    });
    expect(consumerTuning({ sessionTimeoutMs: 6_000, maxWaitTimeMs: 200 })).toMatchObject({
      heartbeatIntervalMs: 600,
      maxWaitTimeMs: 200,
    });
  });

  it('keeps a heartbeat interval that is given', () => {
    expect(consumerTuning({ sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500 })).toMatchObject({
      sessionTimeoutMs: 10_000,
      heartbeatIntervalMs: 500,
    });
  });
});
