// What the localization bench's scripts share on their command line: flag values, the CLI under
// test, and running `main` when the script is the one Node was started with.
import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The value after `--name` in argv, or undefined. */
export function flagValue(argv, name) {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** `--cli <file>`, or the repository's built consensus-fix. */
export function cliPath(argv) {
  return resolve(flagValue(argv, '--cli') ?? join(root, 'packages', 'consensus-fix', 'bin', 'consensus-fix.js'));
}

/** `--cases a,b` as a list, or undefined for every case. */
export function onlyCases(argv) {
  return flagValue(argv, '--cases')?.split(',').filter(Boolean);
}

/** Runs main(argv) as the exit code when `moduleUrl` is the script Node started; an error is one line and exit 1. */
export function runIfMain(moduleUrl, label, main) {
  let started;
  try {
    started = realpathSync(process.argv[1] ?? '');
  } catch {
    return;
  }
  if (started !== fileURLToPath(moduleUrl)) return;
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    console.error(`${label}: ${err.message}`);
    process.exitCode = 1;
  }
}
