import { monitorEventLoopDelay } from './event-loop-delay';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const nextTimers = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('event-loop delay', () => {
  it('reports how late the loop ran after synchronous work held it, and recovers once it runs freely', async () => {
    const monitor = monitorEventLoopDelay(20);
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      busyFor(300);
      // The overdue sample fires before a timer set after the block.
      await nextTimers();
      expect(monitor.currentMs()).toBeGreaterThanOrEqual(250);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(monitor.currentMs()).toBeLessThan(250);
    } finally {
      monitor.stop();
    }
  });
});
