import { describeStartupFailure } from './startup-error';
import { fromThreadError, toThreadError } from './redirector-thread-protocol';

describe('a start-up error of the redirector thread', () => {
  it('reaches the runner with its message, stack and code, as npm start prints them', () => {
    const error: NodeJS.ErrnoException = new Error('listen EADDRINUSE: address already in use 127.0.0.1:8081');
    error.code = 'EADDRINUSE';
    // What crosses the thread boundary is a structured clone of the reply.
    const rebuilt: NodeJS.ErrnoException = fromThreadError(structuredClone(toThreadError(error)));
    expect({ message: rebuilt.message, code: rebuilt.code, stack: rebuilt.stack }).toEqual({
      message: error.message,
      code: 'EADDRINUSE',
      stack: error.stack,
    });
    expect(describeStartupFailure(rebuilt)).toContain('listen EADDRINUSE: address already in use 127.0.0.1:8081');
  });

  it('renders a rejection that was not an Error', () => {
    expect(fromThreadError(structuredClone(toThreadError('the read model gave up'))).message).toBe(
      'the read model gave up',
    );
  });
});
