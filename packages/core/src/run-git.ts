// The one way the tools talk to git: simple-git, one instance per call (each has its own directory,
// environment and input), with every failure turned into an OpError that says which git command
// failed, where, and why.

import type { GitError, SimpleGit, SimpleGitOptions } from 'simple-git';
import { OpError } from './errors.js';

export interface RunGitOptions {
  cwd: string;
  /** Written to git's stdin. */
  input?: string;
  /** Variables merged over process.env (e.g. GIT_CONFIG_NOSYSTEM, LC_ALL). */
  env?: NodeJS.ProcessEnv;
  /** Exit codes that are not failures. Default [0]; `git diff --no-index` exits 1 when the sides differ. */
  okExitCodes?: ReadonlyArray<number>;
}

/** Runs `git <args>` in `opts.cwd` and resolves its stdout (utf8); rejects with an OpError otherwise. */
export function runGit(args: ReadonlyArray<string>, opts: RunGitOptions): Promise<string> {
  return withGit(opts.cwd, subcommandOf(args), (git) => git.raw([...args]), opts);
}

/**
 * Runs `task` on a simple-git instance for `cwd`, for the queries that use its typed results.
 * `what` names the git command in the error of a directory that does not exist.
 */
export async function withGit<T>(
  cwd: string,
  what: string,
  task: (git: SimpleGit) => Promise<T>,
  opts: Omit<RunGitOptions, 'cwd'> = {},
): Promise<T> {
  const { simpleGit, GitConstructError } = await import('simple-git');
  const okExitCodes = opts.okExitCodes ?? [0];
  const options: Partial<SimpleGitOptions> = {
    baseDir: cwd,
    // Git runs as the user's own git would: their GIT_* variables (GIT_DIR in a hook, GIT_CONFIG_GLOBAL
    // in CI) still apply. simple-git's guards are for callers that pass untrusted input; ours pass none.
    allowEnvironment: Object.keys({ ...process.env, ...opts.env }),
    ...(opts.env === undefined ? {} : { unsafe: ENVIRONMENT_SETTINGS }),
    // Failure is any exit code not listed, with or without stderr (simple-git alone fails only on both).
    errors: (error, result) => (okExitCodes.includes(result.exitCode) ? undefined : Buffer.from(why(error, result), 'utf8')),
    ...(opts.input === undefined ? {} : { input: () => opts.input }),
  };
  try {
    const git = simpleGit(options);
    // Without variables of its own, git inherits process.env as it is when it starts.
    return await task(opts.env === undefined ? git : git.env({ ...process.env, ...opts.env }));
  } catch (error) {
    if (error instanceof GitConstructError) throw new OpError(`could not run git ${what}: directory ${cwd} does not exist`, { cause: error });
    throw gitFailure(error as GitError, what, cwd);
  }
}

/**
 * An environment handed to simple-git is checked whole: the user's EDITOR, PAGER or GIT_SSH_COMMAND would
 * refuse the call. These are the settings an environment can carry; the arguments stay checked.
 */
const ENVIRONMENT_SETTINGS = {
  allowUnsafeAskPass: true,
  allowUnsafeConfigEnvCount: true,
  allowUnsafeConfigPaths: true,
  allowUnsafeDiffExternal: true,
  allowUnsafeEditor: true,
  allowUnsafeExec: true,
  allowUnsafeGitProxy: true,
  allowUnsafePager: true,
  allowUnsafeSshCommand: true,
  allowUnsafeTemplateDir: true,
} as const;

function why(error: Buffer | Error | undefined, result: { exitCode: number; stdErr: Buffer[] }): string {
  if (error instanceof Error) return error.message;
  const stderr = Buffer.concat(result.stdErr).toString('utf8').trim();
  return stderr || `exited with code ${result.exitCode}`;
}

function gitFailure(error: GitError, what: string, cwd: string): OpError {
  const commands = error.task?.commands;
  const name = `git ${commands ? subcommandOf(commands) : what}`;
  // Node reports a git that is not on PATH as a failed spawn; simple-git passes its message on.
  if (/\bspawn \S*git ENOENT\b/.test(error.message)) {
    return new OpError(`could not run ${name}: git is not installed or not on PATH`, { cause: error, hint: 'install git and check that `git --version` runs' });
  }
  return new OpError(`${name} failed in ${cwd}: ${error.message.trim()}`, { cause: error });
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
