import { spawn, type ChildProcess } from 'node:child_process';

const KEEP_CHARS = 2_000_000;

/**
 * One command of the README run without a shell (its words as argv, in its own process group so that nothing it
 * starts outlives the check), its stdout and stderr kept together as the newcomer's terminal shows them.
 */
export class CommandProcess {
  private output = '';
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly listeners = new Set<() => void>();
  /** Set when the command could not be started at all (no such program): it counts as exited. */
  private spawnError: Error | undefined;
  readonly child: ChildProcess;

  constructor(words: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
    const [file, ...args] = words as [string, ...string[]];
    this.child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-KEEP_CHARS);
      for (const listener of this.listeners) listener();
    };
    this.child.stdout?.on('data', take);
    this.child.stderr?.on('data', take);
    this.exit = new Promise((resolve, reject) => {
      this.child.once('error', (error) => {
        this.spawnError = error;
        reject(error);
      });
      // 'exit', not 'close': a process the command left behind may hold its output open long after it exited.
      this.child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    this.exit.catch(() => undefined).finally(() => this.listeners.forEach((listener) => listener()));
  }

  get text(): string {
    return this.output;
  }

  /** The last lines of the output, for a failure's reason. */
  tail(lines = 40): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }

  get exited(): boolean {
    return this.spawnError !== undefined || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Resolves when `pattern` appears in the output; rejects if the process exits first or the deadline passes. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void> {
    return this.waitUntil(() => pattern.test(this.output), timeoutMs, `${pattern}`);
  }

  /** The exit code and signal; rejects if the process is still running at the deadline. */
  async waitForExit(timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    await this.waitUntil(() => false, timeoutMs, 'exit', true);
    return this.exit;
  }

  /** Whether any process of the command's group (anything it started) is still running. */
  groupAlive(): boolean {
    try {
      process.kill(-(this.child.pid as number), 0);
      return true;
    } catch {
      return false;
    }
  }

  signal(signal: NodeJS.Signals): void {
    if (!this.exited) this.child.kill(signal);
  }

  /** Last resort on a failed check: nothing the command started may outlive it. */
  killGroup(): void {
    try {
      process.kill(-(this.child.pid as number), 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  }

  private waitUntil(done: () => boolean, timeoutMs: number, what: string, exitIsDone = false): Promise<void> {
    return new Promise((resolve, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (done()) finish();
        else if (this.exited) {
          if (exitIsDone) finish();
          else if (this.spawnError) finish(this.spawnError);
          else
            finish(
              new Error(
                `it exited (code ${this.child.exitCode}, signal ${this.child.signalCode}) before printing ${what}`,
              ),
            );
        }
      };
      const timer = setTimeout(() => finish(new Error(`no ${what} within ${timeoutMs / 1000} s`)), timeoutMs);
      this.listeners.add(check);
      check();
    });
  }
}
