import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { findBinary } from './find-binary';

export interface RunAs {
  uid: number;
  gid: number;
}

export interface ManagedProcessOptions {
  /** Sent by the kernel to the child when the process that spawned it dies (even by SIGKILL). */
  deathSignal: NodeJS.Signals;
  runAs?: RunAs;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const TAIL_LINES = 60;
/** Distinct warning and error messages kept from the start (see warnings()). */
const DISTINCT_WARNINGS = 100;

/**
 * A child process that cannot outlive the process that started it. It is started through
 * util-linux `setpriv --pdeathsig` (after dropping to `runAs`, so the signal survives the uid change),
 * which makes the kernel signal it when its parent dies, also when jest is interrupted or killed.
 * Output is drained continuously (a full pipe would block the child) and its tail kept for error messages.
 */
export class ManagedProcess {
  readonly pid: number;
  readonly exited: Promise<ExitStatus>;
  private readonly child: ChildProcess;
  private readonly tail: string[] = [];
  private readonly firstWarnings = new Map<string, string>();
  private readonly listeners = new Set<(line: string) => void>();
  private exitStatus: ExitStatus | undefined;

  constructor(
    private readonly command: string,
    args: readonly string[],
    opts: ManagedProcessOptions,
  ) {
    const setpriv = findBinary('setpriv', 'apt-get install -y util-linux');
    const identity = opts.runAs ? [`--reuid=${opts.runAs.uid}`, `--regid=${opts.runAs.gid}`, '--clear-groups'] : [];
    this.child = spawn(setpriv, [...identity, `--pdeathsig=${opts.deathSignal}`, '--', command, ...args], {
      env: opts.env ?? process.env,
      cwd: opts.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (this.child.pid === undefined) throw new Error(`could not start ${command}`);
    this.pid = this.child.pid;
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitStatus = { code, signal };
        resolve(this.exitStatus);
      });
      this.child.once('error', (error) => {
        this.record(`spawn error: ${error.message}`);
        this.exitStatus = { code: null, signal: null };
        resolve(this.exitStatus);
      });
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) this.record(line);
      });
    }
  }

  get hasExited(): boolean {
    return this.exitStatus !== undefined;
  }

  /** The last lines the process printed, for error messages. */
  output(): string {
    return this.tail.join('\n');
  }

  /** Resolves with the first output line matching `pattern`; rejects if the process exits first or time runs out. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const existing = this.tail.map((line) => line.match(pattern)).find((m) => m);
      if (existing) return resolve(existing);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(onLine);
      };
      const onLine = (line: string) => {
        const match = line.match(pattern);
        if (match) {
          done();
          resolve(match);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(this.failure(`did not print ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(onLine);
      void this.exited.then(() => {
        done();
        reject(this.failure('exited before it was ready'));
      });
    });
  }

  failure(what: string): Error {
    const status = this.exitStatus ? ` (exit code ${this.exitStatus.code}, signal ${this.exitStatus.signal})` : '';
    return new Error(`${this.command} ${what}${status}; its last output:\n${this.output()}`);
  }

  signal(signal: NodeJS.Signals): void {
    if (!this.hasExited) this.child.kill(signal);
  }

  /**
   * Freezes the process (SIGSTOP) and returns once the kernel reports it stopped. kill() only queues the
   * signal: a process busy on the other CPU can still answer a request or two before it takes effect,
   * which made "the server looks dead while paused" racy.
   */
  async freeze(timeoutMs = 5_000): Promise<void> {
    this.signal('SIGSTOP');
    const deadline = Date.now() + timeoutMs;
    while (!this.hasExited && (await this.schedulerState()) !== 'T') {
      if (Date.now() > deadline) throw this.failure(`did not stop within ${timeoutMs} ms of SIGSTOP`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  thaw(): void {
    this.signal('SIGCONT');
  }

  /**
   * What a test does to a server it started: pause it (SIGSTOP), resume it, stop it. Pausing or resuming one that
   * already ended throws (naming it `name`, when given): the test would otherwise wait on a server that is gone.
   */
  controls(name?: string): { pause(): Promise<void>; resume(): Promise<void>; stop(): Promise<void> } {
    const live = () => {
      if (this.hasExited) throw this.failure(`${name ? `(${name}) ` : ''}is no longer running`);
    };
    return {
      pause: async () => {
        live();
        await this.freeze();
      },
      resume: async () => {
        live();
        this.thaw();
      },
      stop: async () => {
        await this.stop('SIGTERM', 5_000);
      },
    };
  }

  /** The state letter of /proc/<pid>/stat (R, S, T…); the command name before it may contain spaces. */
  private async schedulerState(): Promise<string | undefined> {
    try {
      const stat = await readFile(`/proc/${this.pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    } catch {
      return undefined;
    }
  }

  /** Sends `signal`, waits up to `graceMs` for the exit, then kills. A paused (SIGSTOPped) process is woken so it can act. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<ExitStatus> {
    if (this.hasExited) return this.exited;
    this.signal(signal);
    this.signal('SIGCONT');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    const result = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') this.signal('SIGKILL');
    return this.exited;
  }

  /**
   * The first line of each distinct warning or error message (pino JSON lines at level warn, error or fatal) the
   * process printed since it started, at most 100: a message repeated every 100 ms during an outage pushes
   * everything else out of the tail, but not out of this.
   */
  warnings(): string {
    return [...this.firstWarnings.values()].join('\n');
  }

  private record(line: string): void {
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    if (this.firstWarnings.size < DISTINCT_WARNINGS && /"level":"(warn|error|fatal)"/.test(line)) {
      const msg = /"msg":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1];
      if (msg !== undefined && !this.firstWarnings.has(msg)) this.firstWarnings.set(msg, line.slice(0, 1_000));
    }
    for (const listener of this.listeners) listener(line);
  }
}
