import { EventEmitter } from 'node:events';
import type { Consumer } from 'kafkajs';
import { ConsumerRestarter, type ConsumerRestartPolicy } from './consumer-restarter';

/** The members of a kafkajs Consumer the restarter uses, over a plain emitter the test fires events through. */
function fakeConsumer() {
  const emitter = new EventEmitter();
  const disconnect = jest.fn(async () => undefined);
  const consumer = {
    events: { CRASH: 'consumer.crash', GROUP_JOIN: 'consumer.group_join' },
    on: (event: string, listener: (e: unknown) => void) => {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    disconnect,
  } as unknown as Pick<Consumer, 'on' | 'events' | 'disconnect'>;
  const crash = (error: Error, restart: boolean) =>
    emitter.emit('consumer.crash', {
      id: 1,
      type: 'consumer.crash',
      timestamp: Date.now(),
      payload: { error, groupId: 'g', restart },
    });
  const join = () => emitter.emit('consumer.group_join', { payload: { memberAssignment: {} } });
  return { consumer, crash, join, disconnect };
}

const policy: ConsumerRestartPolicy = { initialDelayMs: 1_000, maxDelayMs: 4_000, stalledAfterMs: 10_000 };
const where = { topic: 'clicks.v1', groupId: 'g' };
const logger = () => ({ debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() });

/** stop() must not resolve while a restart's start() is still running, and must once `finishStart` lets it end. */
async function expectStopToWaitFor(restarter: ConsumerRestarter, finishStart: () => void): Promise<void> {
  let stopped = false;
  const stopping = restarter.stop().then(() => (stopped = true));
  await jest.advanceTimersByTimeAsync(0);
  expect(stopped).toBe(false);
  finishStart();
  await stopping;
  expect(stopped).toBe(true);
}

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

test('a crash kafkajs restarts from is only logged', async () => {
  const { consumer, crash } = fakeConsumer();
  const start = jest.fn(async () => undefined);
  const log = logger();
  const restarter = new ConsumerRestarter(consumer, where, log, start, policy);
  crash(new Error('The group is rebalancing'), true);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(start).not.toHaveBeenCalled();
  expect(restarter.stalled()).toBeUndefined();
  expect(log.warn).toHaveBeenCalledWith(
    expect.objectContaining({ topic: 'clicks.v1' }),
    expect.stringContaining('kafkajs restarts it'),
  );
});

test('a crash kafkajs gives up on is restarted after the initial delay, disconnecting first', async () => {
  const { consumer, crash, disconnect } = fakeConsumer();
  const order: string[] = [];
  disconnect.mockImplementation(async () => void order.push('disconnect'));
  const start = jest.fn(async () => void order.push('start'));
  new ConsumerRestarter(consumer, where, logger(), start, policy);
  crash(new Error('INVALID_REQUEST'), false);
  // Never from inside the CRASH listener: kafkajs is still in its own run() when it reports the crash.
  expect(start).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(999);
  expect(start).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(order).toEqual(['disconnect', 'start']);
});

test('crashes in a row wait twice as long each time up to the limit; joining the group resets the delay', async () => {
  const { consumer, crash, join } = fakeConsumer();
  const startedAt: number[] = [];
  const start = jest.fn(async () => void startedAt.push(Date.now() - 1_000_000));
  new ConsumerRestarter(consumer, where, logger(), start, policy);
  for (let i = 0; i < 4; i += 1) {
    const crashedAt = Date.now() - 1_000_000;
    crash(new Error('INVALID_REQUEST'), false);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(startedAt.at(-1)! - crashedAt).toBe([1_000, 2_000, 4_000, 4_000][i]);
  }
  join();
  const crashedAt = Date.now() - 1_000_000;
  crash(new Error('INVALID_REQUEST'), false);
  await jest.advanceTimersByTimeAsync(5_000);
  expect(startedAt.at(-1)! - crashedAt).toBe(1_000);
});

test('a restart that throws (the broker still unreachable) is retried like a crash', async () => {
  const { consumer, crash } = fakeConsumer();
  const start = jest
    .fn()
    .mockRejectedValueOnce(new Error('Connection error: ECONNREFUSED'))
    .mockResolvedValue(undefined);
  const log = logger();
  new ConsumerRestarter(consumer, where, log, start, policy);
  crash(new Error('INVALID_REQUEST'), false);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(start).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(2_000);
  expect(start).toHaveBeenCalledTimes(2);
  expect(log.error).toHaveBeenLastCalledWith(
    expect.objectContaining({ err: expect.stringContaining('ECONNREFUSED'), restartInMs: 2_000, crashesInARow: 2 }),
    expect.any(String),
  );
});

test('stalled() reports the crash only once the consumer has been down longer than stalledAfterMs, until it joins', async () => {
  const { consumer, crash, join } = fakeConsumer();
  const restarter = new ConsumerRestarter(consumer, where, logger(), async () => undefined, policy);
  const fatal = new Error('INVALID_REQUEST');
  crash(fatal, false);
  await jest.advanceTimersByTimeAsync(9_999);
  expect(restarter.stalled()).toBeUndefined();
  // Still down: the restart crashed again; the outage counts from the first crash.
  crash(new Error('INVALID_REQUEST again'), false);
  await jest.advanceTimersByTimeAsync(1);
  expect(restarter.stalled()?.message).toBe('INVALID_REQUEST again');
  join();
  expect(restarter.stalled()).toBeUndefined();
});

test('after stop() nothing is restarted, and stop waits for a restart in progress', async () => {
  const { consumer, crash } = fakeConsumer();
  let finishStart: () => void = () => undefined;
  const start = jest.fn(() => new Promise<void>((resolve) => (finishStart = resolve)));
  const restarter = new ConsumerRestarter(consumer, where, logger(), start, policy);
  crash(new Error('INVALID_REQUEST'), false);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(start).toHaveBeenCalledTimes(1);
  await expectStopToWaitFor(restarter, finishStart);
  crash(new Error('late'), false);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(start).toHaveBeenCalledTimes(1);
});

test('stop() cancels a restart that is only scheduled', async () => {
  const { consumer, crash } = fakeConsumer();
  const start = jest.fn(async () => undefined);
  const restarter = new ConsumerRestarter(consumer, where, logger(), start, policy);
  crash(new Error('INVALID_REQUEST'), false);
  await restarter.stop();
  await jest.advanceTimersByTimeAsync(60_000);
  expect(start).not.toHaveBeenCalled();
});

test('a crash reported while a restart is still starting schedules the next, which waits for the first to finish', async () => {
  const { consumer, crash } = fakeConsumer();
  const finishes: Array<() => void> = [];
  const start = jest.fn(() => new Promise<void>((resolve) => finishes.push(resolve)));
  const restarter = new ConsumerRestarter(consumer, where, logger(), start, policy);
  crash(new Error('INVALID_REQUEST'), false);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(start).toHaveBeenCalledTimes(1);
  // kafkajs reports a failed join from within run(), before the restart's start() has returned.
  crash(new Error('INVALID_REQUEST again'), false);
  await jest.advanceTimersByTimeAsync(2_000);
  expect(start).toHaveBeenCalledTimes(1);
  finishes[0]!();
  await jest.advanceTimersByTimeAsync(0);
  expect(start).toHaveBeenCalledTimes(2);
  await expectStopToWaitFor(restarter, finishes[1]!);
});
