import { StandingQueue } from './standing-queue';

describe('standing queue', () => {
  let now = 0;
  const queue = () => new StandingQueue(1000, 2000, 3, () => now);
  beforeEach(() => {
    now = 0;
  });

  it('is standing after a window in which enough requests finished and even the fastest was over the limit', () => {
    const q = queue();
    for (const ms of [1500, 4000, 1200]) q.record(ms);
    expect(q.standing).toBe(false);
    now = 2100;
    expect(q.standing).toBe(true);
  });

  it('is not standing when one request of the window was fast, or too few finished', () => {
    const fast = queue();
    for (const ms of [1500, 4000, 20, 1200]) fast.record(ms);
    const few = queue();
    for (const ms of [5000, 6000]) few.record(ms);
    now = 2100;
    expect(fast.standing).toBe(false);
    expect(few.standing).toBe(false);
  });

  it('forgets a slow window once a later one passes without it, or after a quiet spell', () => {
    const q = queue();
    for (const ms of [1500, 4000, 1200]) q.record(ms);
    now = 2100;
    expect(q.standing).toBe(true);
    q.record(10);
    now = 4100;
    expect(q.standing).toBe(false);

    const quiet = queue();
    for (const ms of [1500, 4000, 1200]) quiet.record(ms);
    now = 4500;
    expect(quiet.standing).toBe(false);
  });
});
