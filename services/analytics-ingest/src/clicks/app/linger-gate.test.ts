import { settled } from '@waymark/testkit';
import { LingerGate } from './linger-gate';

/** Writes the test finishes by hand. */
function controlledWrites() {
  const calls: Array<{ items: number[]; finish: (error?: Error) => void }> = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) =>
      calls.push({ items, finish: (error) => (error ? reject(error) : resolve()) }),
    );
  return { calls, write };
}

describe('LingerGate', () => {
  afterEach(() => jest.useRealTimers());

  it('holds small parts until the linger passed, then writes them together', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { calls, write } = controlledWrites();
    const gate = new LingerGate<number>(write, 100, 250);
    const first = gate.submit([1, 2]);
    jest.advanceTimersByTime(100);
    const second = gate.submit([3]);
    expect(calls).toHaveLength(0);
    jest.advanceTimersByTime(150);
    expect(calls.map((call) => call.items)).toEqual([[1, 2, 3]]);
    expect(await settled(first)).toBe('pending');
    calls[0]?.finish();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('writes at once when the parts held reach the minimum', () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { calls, write } = controlledWrites();
    const gate = new LingerGate<number>(write, 3, 250);
    void gate.submit([1, 2]);
    void gate.submit([3, 4]);
    expect(calls.map((call) => call.items)).toEqual([[1, 2, 3, 4]]);
    void gate.submit([5]);
    expect(calls).toHaveLength(1);
  });

  it('fails every part of a failed write', async () => {
    const { calls, write } = controlledWrites();
    const gate = new LingerGate<number>(write, 2, 10_000);
    const first = gate.submit([1]);
    const second = gate.submit([2]);
    calls[0]?.finish(new Error('deadlock detected'));
    await expect(first).rejects.toThrow('deadlock detected');
    await expect(second).rejects.toThrow('deadlock detected');
  });

  it('passes every part on at once without a linger', () => {
    const { calls, write } = controlledWrites();
    const gate = new LingerGate<number>(write, 100, 0);
    void gate.submit([1]);
    void gate.submit([2]);
    expect(calls.map((call) => call.items)).toEqual([[1], [2]]);
  });
});
