/**
 * Whether a command line asks for the usage text: `--help` or `-h` anywhere, or `help` as the command. Checked before
 * an argument parser runs, so that asking for help never fails on a missing argument and always exits 0.
 */
export function helpRequested(argv: readonly string[]): boolean {
  return argv[0] === 'help' || argv.includes('--help') || argv.includes('-h');
}
