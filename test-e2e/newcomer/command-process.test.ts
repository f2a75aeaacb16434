import { CommandProcess } from './command-process';

const run = (...words: string[]) => new CommandProcess(words, { cwd: __dirname, env: process.env });

describe("the newcomer check's commands", () => {
  it('waits for output, then for the exit, and sees nothing of the command left running', async () => {
    const command = run('sh', '-c', 'echo hello; read nothing < /dev/null; echo bye');
    await command.waitForOutput(/hello/, 10_000);
    await expect(command.waitForExit(10_000)).resolves.toEqual({ code: 0, signal: null });
    expect(command.text).toBe('hello\nbye\n');
    expect(command.groupAlive()).toBe(false);
  });

  it('fails a wait at once when the command exits first, or cannot start at all', async () => {
    await expect(run('sh', '-c', 'exit 3').waitForOutput(/never/, 10_000)).rejects.toThrow(
      'it exited (code 3, signal null) before printing /never/',
    );
    await expect(run('no-such-program-for-the-newcomer-check').waitForExit(10_000)).rejects.toThrow(/ENOENT/);
  });

  it('stops a running command with a signal, and reports the deadline when it does not exit in time', async () => {
    const command = run('sh', '-c', 'echo up; exec sleep 30');
    await command.waitForOutput(/up/, 10_000);
    await expect(command.waitForExit(50)).rejects.toThrow('no exit within 0.05 s');
    command.signal('SIGTERM');
    await expect(command.waitForExit(10_000)).resolves.toEqual({ code: null, signal: 'SIGTERM' });
  });
});
