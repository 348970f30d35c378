// @ts-check
// The action's inputs, as the composite steps pass them: through environment variables
// (INPUT_<NAME>), never pasted into a shell line, so a hostile value stays data.

/** A problem with the action's inputs or environment: the step reports it in one line and fails. */
export class ActionError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'ActionError';
  }
}

/**
 * The trimmed value of input `name` (`fail-on` is read from INPUT_FAIL_ON), '' when unset.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 */
export function input(env, name) {
  return (env[`INPUT_${name.replaceAll('-', '_').toUpperCase()}`] ?? '').trim();
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 */
export function requiredInput(env, name) {
  const value = input(env, name);
  if (value === '') throw new ActionError(`the input "${name}" is required`);
  return value;
}

/**
 * Extra command-line arguments: one argument per line, so no shell-word splitting is needed
 * (`--min-reviewers=2`, or `--timeout` and `60` on two lines). Blank lines are ignored.
 * @param {string} text
 * @returns {string[]}
 */
export function argLines(text) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * `--flag=value` when the input has a value; nothing (the CLI's default applies) when it is empty.
 * @param {string} flag
 * @param {string} value
 * @returns {string[]}
 */
export function optional(flag, value) {
  return value === '' ? [] : [`${flag}=${value}`];
}
