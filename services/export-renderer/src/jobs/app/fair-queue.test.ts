import { FairQueue } from './fair-queue';

describe('FairQueue', () => {
  it('takes the tenants in turn, whatever each has queued', () => {
    const queue = new FairQueue<string>();
    for (let i = 0; i < 4; i++) queue.push('a', `a${i}`);
    queue.push('b', 'b0');
    queue.push('b', 'b1');
    expect(Array.from({ length: 6 }, () => queue.shift())).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'a3']);
    expect(queue.shift()).toBeUndefined();
  });

  it('serves a tenant that arrives before one that was just served', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a0');
    queue.push('a', 'a1');
    expect(queue.shift()).toBe('a0');
    queue.push('b', 'b0');
    expect(queue.shift()).toBe('b0');
    expect(queue.shift()).toBe('a1');
    expect(queue.size).toBe(0);
  });
});
