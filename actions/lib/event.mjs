// @ts-check
// The change a workflow run is about, from the event that triggered it: a pull request's base and
// head commits and its title and body, or a push's before and after commits. Inputs win.

import { existsSync, readFileSync } from 'node:fs';
import { ActionError } from './inputs.mjs';

const MAX_BODY = 4000;
const NO_COMMIT = /^0+$/;

/**
 * The event payload the runner wrote to GITHUB_EVENT_PATH, or {} outside a runner.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, any>}
 */
export function readEvent(env) {
  const path = env.GITHUB_EVENT_PATH;
  if (!path || !existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ActionError(`GITHUB_EVENT_PATH ${path} is not JSON: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * A pull request's description for the reviewers: its title, then its body (cut at 4,000 characters).
 * @param {{title?: string | null, body?: string | null}} pr
 */
export function pullRequestDescription(pr) {
  const title = (pr.title ?? '').trim();
  let body = (pr.body ?? '').trim();
  if (body.length > MAX_BODY) body = `${body.slice(0, MAX_BODY)}\n[description truncated]`;
  return [title, body].filter((part) => part !== '').join('\n\n');
}

/**
 * Base, head and description of the change under review. `given` holds the inputs (empty = unset).
 * @param {Record<string, any>} event
 * @param {{base: string, head: string, description: string}} given
 * @returns {{base: string, head: string, description: string}}
 */
export function changeUnderReview(event, given) {
  const pr = event.pull_request;
  const pushBefore = typeof event.before === 'string' && !NO_COMMIT.test(event.before) ? event.before : '';
  const base = given.base || pr?.base?.sha || pushBefore;
  const head = given.head || pr?.head?.sha || (typeof event.after === 'string' ? event.after : '');
  if (!base) {
    throw new ActionError('no base commit: the event is not a pull request (nor a push with a previous commit); set the input "base-sha"');
  }
  const description = given.description || (pr ? pullRequestDescription(pr) : '');
  return { base, head, description };
}
