// @ts-check
// Which environment variables hold secrets: the same rule as @adlc/core's redactor (names ending in
// _API_KEY, _TOKEN, _SECRET, _PASSWORD, or ADLC_...KEY, with a value of 8+ characters). It is
// restated here because these steps run before any adlc package is installed.

import { escapeData } from './io.mjs';

const SECRET_NAME = /(_API_KEY|_TOKEN|_SECRET|_PASSWORD|^ADLC_.*KEY)$/i;
const MIN_SECRET_LENGTH = 8;

/** @param {string} name @param {string | undefined} value */
function isSecret(name, value) {
  return value !== undefined && value.trim().length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name);
}

/**
 * The `::add-mask::` commands that hide every secret value of `env` from the rest of the job's log.
 * A multi-line value is masked line by line (the runner masks what it is given on one line).
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function maskCommands(env) {
  const lines = new Set();
  for (const [name, value] of Object.entries(env)) {
    if (!isSecret(name, value)) continue;
    for (const part of String(value).split(/\r?\n/)) {
      if (part.trim().length >= MIN_SECRET_LENGTH) lines.add(`::add-mask::${escapeData(part)}`);
    }
  }
  return [...lines];
}

/**
 * `env` without its secrets: for package-manager processes, which need no key and run code
 * (lifecycle scripts) that must not see one.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withoutSecrets(env) {
  /** @type {NodeJS.ProcessEnv} */
  const clean = {};
  for (const [name, value] of Object.entries(env)) if (!isSecret(name, value)) clean[name] = value;
  return clean;
}
