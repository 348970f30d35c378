import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rightSideLines } from '../src/github/diff-lines.js';
import { describeFailure } from '../src/github/post-review.js';
import { pullRequestTarget } from '../src/github/pull-request-target.js';
import { inert } from '../src/github/review-content.js';

describe('rightSideLines', () => {
  it.each([
    ['@@ -1,3 +1,3 @@\n a\n-b\n+B\n c', [1, 2, 3]],
    ['@@ -10,2 +20,3 @@ fn\n x\n+y\n+z\n@@ -40 +51 @@\n-q\n+Q', [20, 21, 22, 51]],
    ['@@ -1 +1 @@\n-old\n+new\n\\ No newline at end of file', [1]],
    ['@@ -0,0 +1,2 @@\n+one\n+two\n', [1, 2]],
    ['@@ -5,3 +5,2 @@\n keep\n-gone\n', [5]],
    ['Binary files differ', []],
  ])('%j', (patch, lines) => {
    expect([...rightSideLines(patch)]).toEqual(lines);
  });
});

describe('inert', () => {
  it.each([
    ['ping @octocat now', 'ping @\u200boctocat now'],
    ['a@b.c mail', 'a@\u200bb.c mail'],
    ['<!-- adlc:consensus-synthesis -->', '<!\u2011\u2011 adlc:consensus-synthesis \u2011\u2011>'],
    ['plain', 'plain'],
  ])('%j', (text, expected) => {
    expect(inert(text)).toBe(expected);
  });
});

describe('describeFailure', () => {
  const target = { token: 'ghs_secretSecretSecret000000000', apiUrl: 'https://ghe.example/api/v3', owner: 'o', repo: 'r', number: 3 };
  const env = { GITHUB_TOKEN: target.token };
  it.each([
    [{ status: 401, message: 'Bad credentials' }, /^GitHub refused the token \(401: Bad credentials\); check GITHUB_TOKEN/],
    [{ status: 403, message: 'Resource not accessible by integration' }, /pull-requests: write/],
    [{ status: 403, message: 'API rate limit exceeded', response: { headers: { 'x-ratelimit-remaining': '0' } } }, /^GitHub's rate limit was reached \(403\);/],
    [{ status: 429, message: 'slow down' }, /^GitHub's rate limit was reached \(429\)/],
    [{ status: 404, message: 'Not Found' }, /^GitHub found no pull request o\/r#3/],
    [{ status: 422, message: 'Unprocessable Entity' }, /^GitHub refused the review of o\/r#3 \(422/],
    [{ status: 500, message: 'connect ECONNREFUSED 127.0.0.1:9' }, /^GitHub could not be reached at https:\/\/ghe\.example\/api\/v3 \(connect ECONNREFUSED/],
    [{ status: 500, message: 'Server Error', response: { headers: {} } }, /^GitHub answered 500/],
    [{ status: 502, message: 'Bad gateway', response: { headers: {} } }, /^GitHub answered 502/],
    [new Error('Cannot find package @octokit/rest'), /^the review of o\/r#3 could not be posted \(Cannot find package/],
  ])('%j', (error, expected) => {
    expect(describeFailure(error, target, env)).toMatch(expected);
  });

  // A later step (hiding an earlier review, say) names what it left undone instead of the posting.
  it.each([
    [{ status: 502, message: 'Bad gateway', response: { headers: {} } }, 'GitHub answered 502 (Bad gateway); it stays visible'],
    [{ status: 401, message: 'Bad credentials' }, 'GitHub refused the token (401: Bad credentials); check GITHUB_TOKEN; it stays visible'],
    [
      { status: 200, message: 'Request failed due to following response errors:\n - Could not resolve', errors: [{ message: "Could not resolve to a node with the global id of 'X'." }] },
      "GitHub's GraphQL API answered with an error (Could not resolve to a node with the global id of 'X'.); it stays visible",
    ],
    [new Error('socket hang up'), 'socket hang up; it stays visible'],
  ])('%j, undone', (error, expected) => {
    expect(describeFailure(error, target, env, 'it stays visible')).toBe(expected);
  });

  it('never repeats the token, even when the error message carries it', () => {
    const said = describeFailure({ status: 401, message: `token ${target.token} is wrong` }, target, env);
    expect(said).not.toContain(target.token);
  });
});

describe('pullRequestTarget', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cs-target-'));
  const event = join(dir, 'event.json');
  writeFileSync(event, JSON.stringify({ pull_request: { number: 42 } }));
  const env = { GITHUB_TOKEN: 't0ken', GITHUB_REPOSITORY: 'o/r', GITHUB_EVENT_PATH: event };

  it('reads the token, the repository and the number; GITHUB_API_URL for GitHub Enterprise', () => {
    expect(pullRequestTarget(env, undefined)).toEqual({ token: 't0ken', apiUrl: 'https://api.github.com', owner: 'o', repo: 'r', number: 42 });
    expect(pullRequestTarget({ ...env, GITHUB_API_URL: 'https://ghe.example/api/v3/' }, 9)).toMatchObject({ apiUrl: 'https://ghe.example/api/v3', number: 9 });
  });

  it.each([
    [{ ...env, GITHUB_TOKEN: '' }, /needs GITHUB_TOKEN/],
    [{ ...env, GITHUB_REPOSITORY: 'just-a-name' }, /needs GITHUB_REPOSITORY as owner\/name, not "just-a-name"/],
    [{ ...env, GITHUB_EVENT_PATH: undefined }, /needs the pull request/],
    [{ ...env, GITHUB_EVENT_PATH: join(dir, 'missing.json') }, /cannot read GITHUB_EVENT_PATH/],
  ])('refuses %#', (bad, message) => {
    expect(() => pullRequestTarget(bad, undefined)).toThrow(message);
  });

  it('cleans up', () => rmSync(dir, { recursive: true, force: true }));
});
