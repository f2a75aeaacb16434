import { findBinary } from './find-binary';
import { freePort } from './free-port';
import { ManagedProcess } from './managed-process';

export interface StartedRedis {
  /** redis://127.0.0.1:PORT */
  url: string;
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, as in a network stall. */
  pause(): Promise<void>;
  resume(): Promise<void>;
}

const READY = /Ready to accept connections/;

/** Starts a private Debian `redis-server` on a free port, in memory only. */
export async function startRedis(): Promise<StartedRedis> {
  const binary = findBinary('redis-server', 'apt-get install -y redis-server');
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const proc = new ManagedProcess(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--protected-mode',
        'no',
        '--loglevel',
        'notice',
      ],
      { deathSignal: 'SIGKILL', cwd: '/' },
    );
    try {
      await proc.waitForLine(READY, 15_000);
    } catch (error) {
      await proc.stop('SIGKILL');
      // Another process may take the probed port before the server binds it.
      if (attempt < 3 && /already in use/i.test(String(error))) continue;
      throw error;
    }
    return {
      url: `redis://127.0.0.1:${port}`,
      ...proc.controls(),
    };
  }
}
