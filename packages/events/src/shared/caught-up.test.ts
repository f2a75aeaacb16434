import { CaughtUpTracker } from './caught-up';

describe('tracking progress towards the high-water marks at subscribe time', () => {
  it('resolves at once when every partition was empty', async () => {
    await expect(
      new CaughtUpTracker(
        new Map([
          [0, 0],
          [1, 0],
        ]),
      ).promise,
    ).resolves.toBeUndefined();
  });

  it('resolves once every partition reached its mark, not before', async () => {
    const tracker = new CaughtUpTracker(
      new Map([
        [0, 3],
        [1, 1],
      ]),
    );
    tracker.progress(0, 3);
    expect(tracker.done).toBe(false);
    tracker.progress(1, 2);
    await expect(tracker.promise).resolves.toBeUndefined();
  });

  it('rejects when the subscription stops first', async () => {
    const tracker = new CaughtUpTracker(new Map([[0, 5]]));
    tracker.stopped();
    await expect(tracker.promise).rejects.toThrow(/stopped before it caught up/);
  });
});
