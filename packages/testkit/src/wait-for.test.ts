import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('resolves with the first value that is neither undefined nor false', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { calls } : undefined), { intervalMs: 1 });
    expect(value).toEqual({ calls: 3 });
  });

  it('treats a throwing probe as not ready yet', async () => {
    let calls = 0;
    const value = await waitFor(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return 'ready';
      },
      { intervalMs: 1 },
    );
    expect(value).toBe('ready');
  });

  it('times out naming what it waited for and the last error', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('connection refused');
        },
        { timeoutMs: 30, intervalMs: 5, message: 'the server' },
      ),
    ).rejects.toThrow(/timed out after 30 ms waiting for the server: last error: connection refused/);
  });

  it('accepts 0 and empty strings as values', async () => {
    expect(await waitFor(() => 0)).toBe(0);
    expect(await waitFor(() => '')).toBe('');
  });
});
