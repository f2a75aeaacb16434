import { ClickBatchBuffers } from './click-batch-buffers';

describe('ClickBatchBuffers', () => {
  it('hands out buffers of its size, and the same buffer again once it was given back', () => {
    const buffers = new ClickBatchBuffers(4096);
    const first = buffers.take();
    expect(first.length).toBe(4096);
    buffers.give(first);
    expect(buffers.idle).toBe(1);
    expect(buffers.take()).toBe(first);
    expect(buffers.idle).toBe(0);
    expect(buffers.take()).not.toBe(first);
  });

  it('keeps only buffers of its own size (a batch that grew keeps its larger one), and at most `keep`', () => {
    const buffers = new ClickBatchBuffers(4096, 2);
    buffers.give(Buffer.allocUnsafeSlow(8192));
    expect(buffers.idle).toBe(0);
    for (let i = 0; i < 3; i += 1) buffers.give(Buffer.allocUnsafeSlow(4096));
    expect(buffers.idle).toBe(2);
  });
});
