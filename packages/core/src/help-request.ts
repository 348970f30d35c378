// Whether a command line asks for help or the version, which commander answers: a hand-parsed fast
// path (tdd-kernel's hook) leaves such a call to the full CLI.

export function asksForHelpOrVersion(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--help' || arg === '-h' || arg === '--version' || arg === '-V');
}
