import { helpRequested } from './cli-help';

describe('asking a command line for help', () => {
  it('answers --help, -h and the help command, wherever the flag stands', () => {
    expect(helpRequested(['--help'])).toBe(true);
    expect(helpRequested(['-h'])).toBe(true);
    expect(helpRequested(['help'])).toBe(true);
    expect(helpRequested(['key', 'create', 't1', '--help'])).toBe(true);
  });

  it('leaves every other command line to the parser', () => {
    expect(helpRequested([])).toBe(false);
    expect(helpRequested(['key', 'create', 't1', '--scopes', 'links:read'])).toBe(false);
    expect(helpRequested(['tenant', 'create', '--name', 'help'])).toBe(false);
  });
});
