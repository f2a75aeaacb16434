/**
 * Runs a script's main (a benchmark, a check) and exits with its outcome: 0 once it resolves, 1 with the error
 * printed if it throws. The explicit exit ends a run whose clients left a socket or timer behind.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
