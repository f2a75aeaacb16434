import { CatchUpTimeoutError, HeadCatchUp } from './head-catch-up';
import { ProgressBoard } from './progress-board';

/** A topic whose end the test moves, counting how often it was asked for. */
function fakeTopic() {
  const ends = new Map<number, number>([[0, 0]]);
  let lookups = 0;
  let gate: Promise<void> = Promise.resolve();
  return {
    ends,
    get lookups() {
      return lookups;
    },
    hold(): () => void {
      let open: () => void = () => undefined;
      gate = new Promise<void>((resolve) => (open = resolve));
      return open;
    },
    fetchEnds: async () => {
      lookups += 1;
      const snapshot = new Map(ends);
      await gate;
      return snapshot;
    },
  };
}

describe('HeadCatchUp', () => {
  it('resolves at once when the reader already holds the end', async () => {
    const topic = fakeTopic();
    const board = new ProgressBoard();
    topic.ends.set(0, 5);
    board.progress(0, 5);
    let resolved = false;
    const waiting = new HeadCatchUp('t', topic.fetchEnds, board).catchUp(1000).then(() => (resolved = true));
    // Well inside the wait: nothing moves the reader, so only the end it already holds can settle the promise.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(true);
    expect(topic.lookups).toBe(1);
    await waiting;
  });

  it('waits for the reader to reach the end it looked up', async () => {
    const topic = fakeTopic();
    const board = new ProgressBoard();
    topic.ends.set(0, 3);
    let resolved = false;
    const waiting = new HeadCatchUp('t', topic.fetchEnds, board).catchUp(1000).then(() => (resolved = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    board.progress(0, 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(false);
    board.progress(0, 3);
    await waiting;
  });

  it('shares one look-up among callers that arrive before it starts, and starts one more for later callers', async () => {
    const topic = fakeTopic();
    const board = new ProgressBoard();
    const head = new HeadCatchUp('t', topic.fetchEnds, board);
    const open = topic.hold();
    const early = Array.from({ length: 50 }, () => head.catchUp(1000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(topic.lookups).toBe(1);
    // Arriving while that look-up is under way: they may have written after it started, so they need another.
    topic.ends.set(0, 1);
    const late = Array.from({ length: 50 }, () => head.catchUp(1000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(topic.lookups).toBe(1);
    open();
    await Promise.all(early);
    board.progress(0, 1);
    await Promise.all(late);
    expect(topic.lookups).toBe(2);
  });

  it('rejects with CatchUpTimeoutError when the reader does not get there in time', async () => {
    const topic = fakeTopic();
    topic.ends.set(0, 9);
    await expect(new HeadCatchUp('t', topic.fetchEnds, new ProgressBoard()).catchUp(50)).rejects.toBeInstanceOf(
      CatchUpTimeoutError,
    );
  });
});

describe('HeadCatchUp after a look-up that hangs', () => {
  it('starts the next round once the hung look-up has had one wait', async () => {
    let calls = 0;
    const fetchEnds = () => {
      calls += 1;
      return calls === 1 ? new Promise<Map<number, number>>(() => undefined) : Promise.resolve(new Map([[0, 0]]));
    };
    const head = new HeadCatchUp('t', fetchEnds, new ProgressBoard());
    await expect(head.catchUp(50)).rejects.toBeInstanceOf(CatchUpTimeoutError);
    await head.catchUp(1000);
    expect(calls).toBe(2);
  });
});
