/**
 * The error `work` rejects with, for tests that inspect it (its class, code or cause) rather than match a message.
 * Throws when `work` succeeds, so the test fails.
 */
export async function rejectionOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
