import { monitorEventLoopDelay } from './event-loop-delay';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
/** Lets the overdue sample fire: it runs before a timer set after the block. */
const nextTimers = () => new Promise((resolve) => setTimeout(resolve, 0));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event-loop delay', () => {
  it('reports a loop held late sample after sample, and recovers once it runs freely', async () => {
    const monitor = monitorEventLoopDelay(20);
    try {
      await sleep(100);
      for (let i = 0; i < 3; i++) {
        busyFor(200);
        await nextTimers();
      }
      expect(monitor.currentMs()).toBeGreaterThanOrEqual(150);
      await sleep(100);
      expect(monitor.currentMs()).toBeLessThan(150);
    } finally {
      monitor.stop();
    }
  });

  it('does not count one pause, such as a garbage collection', async () => {
    const monitor = monitorEventLoopDelay(20);
    try {
      await sleep(100);
      busyFor(400);
      await nextTimers();
      expect(monitor.currentMs()).toBeLessThan(150);
    } finally {
      monitor.stop();
    }
  });
});
