// The one way core runs git: a promise around execFile (no shell, nothing to load at start-up),
// with every failure turned into an OpError that says which git command failed, where, and why.

import { execFile, type ExecFileException } from 'node:child_process';
import { statSync } from 'node:fs';
import { OpError } from './errors.js';

export interface RunGitOptions {
  cwd: string;
  /** Written to git's stdin; without it stdin is closed at once, so git never waits on the terminal. */
  input?: string;
  /** Variables merged over process.env (e.g. GIT_CONFIG_NOSYSTEM, LC_ALL). */
  env?: NodeJS.ProcessEnv;
  /** Exit codes that are not failures. Default [0]; `git diff --no-index` exits 1 when the sides differ. */
  okExitCodes?: ReadonlyArray<number>;
}

/** Runs `git <args>` in `opts.cwd` and resolves its stdout (utf8); rejects with an OpError otherwise. */
export function runGit(args: ReadonlyArray<string>, opts: RunGitOptions): Promise<string> {
  const okExitCodes = opts.okExitCodes ?? [0];
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      {
        cwd: opts.cwd,
        ...(opts.env === undefined ? {} : { env: { ...process.env, ...opts.env } }),
        encoding: 'utf8',
        // Diffs and file contents can be large; git's output is never cut short.
        maxBuffer: Number.POSITIVE_INFINITY,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        const exitCode = error === null ? 0 : error.code;
        if (typeof exitCode === 'number' && okExitCodes.includes(exitCode)) return resolve(stdout);
        reject(gitFailure(args, opts.cwd, error, stderr));
      },
    );
    // git may exit before reading its input (a bad argument); that is reported by its exit code.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(opts.input);
  });
}

function gitFailure(args: ReadonlyArray<string>, cwd: string, error: ExecFileException | null, stderr: string): OpError {
  const what = `git ${subcommandOf(args)}`;
  if (error?.code === 'ENOENT') {
    // spawn says ENOENT both for a missing git and for a missing working directory.
    if (!isDirectory(cwd)) return new OpError(`could not run ${what}: directory ${cwd} does not exist`, { cause: error });
    return new OpError(`could not run ${what}: git is not installed or not on PATH`, { cause: error, hint: 'install git and check that `git --version` runs' });
  }
  const why = stderr.trim() || (error?.signal ? `killed by ${error.signal}` : `exited with code ${String(error?.code)}`);
  return new OpError(`${what} failed in ${cwd}: ${why}`, { cause: error });
}

/** The git command named in args, past global options such as `-c key=value` and `--literal-pathspecs`. */
function subcommandOf(args: ReadonlyArray<string>): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-c' || arg === '-C') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return '';
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
