import { judgeLockFile, parsePostgresLockFile } from './postgres-lock-file';

const DATA = '/srv/waymark/postgres/data';
const lockText = (pid: number) =>
  `${pid}\n${DATA}\n1764300000\n54329\n/tmp\nlocalhost\n  54329001    32768\nready   \n`;
const server = (parentPid: number) => ({ parentPid, args: ['/opt/pg/bin/postgres', '-D', DATA, '-p', '54329'] });

describe('parsePostgresLockFile', () => {
  it('reads the pid, data folder and port PostgreSQL writes', () => {
    expect(parsePostgresLockFile(lockText(4242))).toEqual({ pid: 4242, dataDir: DATA, port: 54329 });
  });

  it.each([[''], ['\n'], ['abc\n/data\n'], ['-3\n/data\n']])(
    'refuses %j, a file cut short or not a lock file',
    (text) => {
      expect(parsePostgresLockFile(text)).toBeUndefined();
    },
  );
});

describe('judgeLockFile', () => {
  const lock = parsePostgresLockFile(lockText(4242));

  it('leaves a lock file whose process is gone to PostgreSQL, which clears it itself', () => {
    expect(judgeLockFile(lock, DATA, undefined, 100, false)).toEqual({ kind: 'none' });
  });

  it('calls our server orphaned when the runner that started it is dead', () => {
    expect(judgeLockFile(lock, DATA, server(1), 100, false)).toEqual({ kind: 'orphan', pid: 4242 });
  });

  it('calls our server orphaned when no runner pid was recorded, or the recorded one is not its parent', () => {
    expect(judgeLockFile(lock, DATA, server(1), undefined, false)).toEqual({ kind: 'orphan', pid: 4242 });
    expect(judgeLockFile(lock, DATA, server(1), 100, true)).toEqual({ kind: 'orphan', pid: 4242 });
  });

  it('knows its server by the folder the server wrote in the lock file, however the runner spells the folder now', () => {
    const linked = '/home/someone/waymark/.waymark/postgres/data';
    expect(judgeLockFile(lock, linked, server(1), 100, false)).toEqual({ kind: 'orphan', pid: 4242 });
    expect(judgeLockFile(lock, linked, server(100), 100, true)).toEqual({ kind: 'in-use', pid: 4242, runnerPid: 100 });
  });

  it('refuses to touch a server whose runner is alive and its parent: another Waymark uses the data', () => {
    expect(judgeLockFile(lock, DATA, server(100), 100, true)).toEqual({ kind: 'in-use', pid: 4242, runnerPid: 100 });
  });

  it('calls the lock file stale when its pid now belongs to another program, or a server of another data folder', () => {
    expect(judgeLockFile(lock, DATA, { parentPid: 1, args: ['/usr/bin/sleep', '100'] }, 100, false)).toEqual({
      kind: 'stale-lock-file',
    });
    expect(judgeLockFile(lock, DATA, { parentPid: 1, args: ['postgres', '-D', '/other'] }, 100, false)).toEqual({
      kind: 'stale-lock-file',
    });
  });
});
