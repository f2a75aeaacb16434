import type { Admin } from 'kafkajs';
import { BrokerProbe } from './broker-probe';

type Answer = 'brokers' | 'never' | 'error';

/** An admin client whose describeCluster answers as told (a list: one answer per call, the last repeats). */
function fakeAdmin(answers: Answer | Answer[]) {
  const queue = Array.isArray(answers) ? [...answers] : [answers];
  const calls = { connect: 0, disconnect: 0 };
  const admin = {
    connect: async () => {
      calls.connect += 1;
    },
    disconnect: async () => {
      calls.disconnect += 1;
    },
    describeCluster: () => {
      const answer = queue.length > 1 ? queue.shift() : queue[0];
      if (answer === 'never') return new Promise(() => undefined);
      if (answer === 'error') return Promise.reject(new Error('Connection error: ECONNREFUSED'));
      return Promise.resolve({ brokers: [{ nodeId: 1, host: 'kafka', port: 9092 }], controller: 1, clusterId: 'c' });
    },
  } as unknown as Admin;
  return { admin, calls };
}

function probeOver(answers: (Answer | Answer[])[]) {
  let clock = 0;
  const made: ReturnType<typeof fakeAdmin>[] = [];
  const probe = new BrokerProbe(
    () => {
      const next = fakeAdmin(answers[made.length] ?? 'brokers');
      made.push(next);
      return next.admin;
    },
    { answerWithinMs: 20, replaceAfterMs: 1_000, now: () => clock },
  );
  return { probe, made, advance: (ms: number) => (clock += ms) };
}

test('a cluster that answers is reachable, through one admin client connected once', async () => {
  const { probe, made } = probeOver(['brokers']);
  expect(await probe.probe()).toBe(true);
  expect(await probe.probe()).toBe(true);
  expect(made).toHaveLength(1);
  expect(made[0]?.calls.connect).toBe(1);
});

test('a request that never gets an answer fails the probe with the reason', async () => {
  const { probe } = probeOver(['never']);
  expect(await probe.probe()).toBe('no broker answered within 20 ms');
});

test('a failed request fails the probe with its error', async () => {
  const { probe } = probeOver(['error']);
  expect(await probe.probe()).toBe('the metadata request failed: Connection error: ECONNREFUSED');
});

test('a client that keeps failing is replaced, and the fresh one answers', async () => {
  const { probe, made, advance } = probeOver(['never', 'brokers']);
  expect(await probe.probe()).not.toBe(true);
  advance(999);
  expect(await probe.probe()).not.toBe(true);
  expect(probe.replacements).toBe(0);
  advance(1);
  expect(await probe.probe()).not.toBe(true);
  expect(probe.replacements).toBe(1);
  expect(made[0]?.calls.disconnect).toBe(1);
  expect(await probe.probe()).toBe(true);
  expect(made).toHaveLength(2);
});

test('failures with an answer between them are not one long failure', async () => {
  const { probe, advance } = probeOver([['never', 'brokers', 'never']]);
  expect(await probe.probe()).not.toBe(true);
  advance(900);
  expect(await probe.probe()).toBe(true);
  expect(await probe.probe()).not.toBe(true);
  advance(900);
  expect(await probe.probe()).not.toBe(true);
  expect(probe.replacements).toBe(0);
});

test('a connect that failed is tried again by the next probe', async () => {
  let attempts = 0;
  const admin = {
    connect: async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Connection error: ECONNREFUSED');
    },
    disconnect: async () => undefined,
    describeCluster: async () => ({
      brokers: [{ nodeId: 1, host: 'kafka', port: 9092 }],
      controller: 1,
      clusterId: 'c',
    }),
  } as unknown as Admin;
  const probe = new BrokerProbe(() => admin, { answerWithinMs: 20 });
  expect(await probe.probe()).toBe('the metadata request failed: Connection error: ECONNREFUSED');
  expect(await probe.probe()).toBe(true);
  expect(attempts).toBe(2);
});
