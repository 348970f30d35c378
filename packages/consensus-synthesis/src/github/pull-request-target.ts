// Which pull request --github-review posts to, and with what: the token (GITHUB_TOKEN), the API
// root (GITHUB_API_URL, so GitHub Enterprise works), the repository (GITHUB_REPOSITORY) and the
// number (--github-pr, or the pull_request event in GITHUB_EVENT_PATH). Checked before any model is
// paid for: a run asked to post a review that cannot post one is misconfigured, so it exits 1.

import { readFileSync } from 'node:fs';
import { opError } from '@adlc/core';

export interface PullRequestTarget {
  token: string;
  apiUrl: string;
  owner: string;
  repo: string;
  number: number;
}

export const DEFAULT_API_URL = 'https://api.github.com';

function eventPullNumber(env: NodeJS.ProcessEnv): number | null {
  const file = env.GITHUB_EVENT_PATH;
  if (!file) return null;
  let event: unknown;
  try {
    event = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw opError(`--github-review cannot read GITHUB_EVENT_PATH ${file}: ${(error as Error).message}`, { hint: 'give the pull request with --github-pr <n>' });
  }
  const number = (event as { pull_request?: { number?: unknown } } | null)?.pull_request?.number;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}

export function pullRequestTarget(env: NodeJS.ProcessEnv, githubPr: number | undefined): PullRequestTarget {
  const token = env.GITHUB_TOKEN?.trim() ?? '';
  if (token === '') {
    throw opError('--github-review needs GITHUB_TOKEN', {
      hint: 'in a workflow set env GITHUB_TOKEN: ${{ github.token }} (with permissions pull-requests: write); locally, drop --github-review',
    });
  }
  const repository = env.GITHUB_REPOSITORY?.trim() ?? '';
  const [owner, repo, ...rest] = repository.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw opError(`--github-review needs GITHUB_REPOSITORY as owner/name${repository === '' ? '' : `, not "${repository}"`}`, {
      hint: 'GitHub Actions sets it; elsewhere set GITHUB_REPOSITORY=owner/name',
    });
  }
  const number = githubPr ?? eventPullNumber(env);
  if (number === null) {
    throw opError('--github-review needs the pull request: no --github-pr, and GITHUB_EVENT_PATH holds no pull_request event', {
      hint: 'run on a pull_request event, or give --github-pr <n>',
    });
  }
  const apiUrl = (env.GITHUB_API_URL?.trim() || DEFAULT_API_URL).replace(/\/+$/, '');
  return { token, apiUrl, owner, repo, number };
}
