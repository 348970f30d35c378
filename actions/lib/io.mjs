// @ts-check
// How a step talks to the GitHub Actions runner: step outputs (GITHUB_OUTPUT), the job summary
// (GITHUB_STEP_SUMMARY) and workflow commands on stdout. Outside a runner the files are absent and
// the outputs and summary are simply not written.

import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/**
 * The GITHUB_OUTPUT text for these outputs. Every value uses the multi-line form with a fresh
 * delimiter, so a value with a newline (or one that looks like `name=value`) cannot forge another output.
 * @param {Record<string, string | number | boolean | null | undefined>} outputs
 * @returns {string}
 */
export function formatOutputs(outputs) {
  let text = '';
  for (const [name, raw] of Object.entries(outputs)) {
    const value = raw === null || raw === undefined ? '' : String(raw);
    let delimiter = `adlc_${randomUUID()}`;
    while (value.includes(delimiter)) delimiter = `adlc_${randomUUID()}`;
    text += `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
  }
  return text;
}

/**
 * @param {Record<string, string | number | boolean | null | undefined>} outputs
 * @param {NodeJS.ProcessEnv} env
 */
export function setOutputs(outputs, env) {
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, formatOutputs(outputs));
}

/**
 * @param {string} markdown
 * @param {NodeJS.ProcessEnv} env
 */
export function appendSummary(markdown, env) {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

/**
 * Escapes the data of a workflow command (`::error::<data>`), as the runner unescapes it.
 * @param {string} text
 */
export function escapeData(text) {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/**
 * Escapes a property of a workflow command (`::error title=<property>::`).
 * @param {string} text
 */
export function escapeProperty(text) {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/**
 * A `::error::` line: an annotation on the run, shown on the pull request's checks.
 * @param {string} title
 * @param {string} message
 */
export function errorCommand(title, message) {
  return `::error title=${escapeProperty(title)}::${escapeData(message)}`;
}

/**
 * Runs a step's main function: an ActionError (bad input, missing file) becomes one clear line on
 * stderr, an annotation, and exit 1; anything else keeps its stack, since it is a bug.
 * @param {string} title
 * @param {() => Promise<void> | void} main
 */
export async function runMain(title, main) {
  try {
    await main();
  } catch (error) {
    const err = /** @type {Error} */ (error);
    const message = err.name === 'ActionError' ? err.message : (err.stack ?? String(err));
    process.stderr.write(`${title}: ${message}\n`);
    process.stdout.write(`${errorCommand(title, err.message)}\n`);
    process.exitCode = 1;
  }
}
