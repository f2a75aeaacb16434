/*
 * patches/kafkajs+2.2.4.patch: a connection's request queue arms its pending-requests timer only while a request is
 * pending. kafkajs 2.2.4 re-armed a 1 ms timer from every check, forever, on every connection (kafkajs#1556).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs' request queue is not part of its public API */
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: object) => Queue;
/* eslint-enable @typescript-eslint/no-require-imports */

interface Queue {
  push(request: { entry: object; expectResponse: boolean; sendRequest: () => void }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };
let nextCorrelationId = 1;

function newQueue(): Queue {
  return new RequestQueue({
    maxInFlightRequests: null,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'broker:9092',
    logger: silent,
  });
}

/** Pushes one request; returns its correlation id and whether (and when) it was sent. */
function pushRequest(queue: Queue): { correlationId: number; sentAt: () => number | undefined } {
  const correlationId = nextCorrelationId++;
  let sentAt: number | undefined;
  const entry = { correlationId, apiKey: 1, apiName: 'Fetch', apiVersion: 11, resolve() {}, reject() {} };
  queue.push({ entry, expectResponse: true, sendRequest: () => (sentAt = Date.now()) });
  return { correlationId, sentAt: () => sentAt };
}

describe('kafkajs request queue (patches/kafkajs+2.2.4.patch)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('leaves no timer running once its requests are answered', () => {
    const queue = newQueue();
    for (let i = 0; i < 3; i += 1) {
      const { correlationId } = pushRequest(queue);
      queue.fulfillRequest({ correlationId, payload: Buffer.alloc(0), size: 0 });
    }
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('still sends a request enqueued while throttled when the throttle ends', () => {
    const queue = newQueue();
    const first = pushRequest(queue);
    queue.fulfillRequest({ correlationId: first.correlationId, payload: Buffer.alloc(0), size: 0 });
    const throttledAt = Date.now();
    queue.maybeThrottle(200);
    const waiting = pushRequest(queue);
    expect(waiting.sentAt()).toBeUndefined();
    jest.advanceTimersByTime(199);
    expect(waiting.sentAt()).toBeUndefined();
    jest.advanceTimersByTime(20);
    expect(waiting.sentAt()).toBeGreaterThanOrEqual(throttledAt + 200);
    queue.fulfillRequest({ correlationId: waiting.correlationId, payload: Buffer.alloc(0), size: 0 });
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });
});
