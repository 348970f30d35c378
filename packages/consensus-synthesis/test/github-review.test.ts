// --github-review through the built CLI: the real @octokit/rest against the test kit's fake GitHub
// (GITHUB_API_URL), the reviewers and chairman against the fake provider server.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_GITHUB_TOKEN,
  makeTempRepo,
  startFakeGitHubServer,
  startFakeProviderServer,
  type FakeGitHubServer,
  type FakeProviderServer,
  type TempRepo,
} from '@adlc/testkit';
import { ConsensusOutputSchema, REVIEW_MARKER } from '../src/index.js';
import { cli, isChairman, reviewText } from './support.js';

const REPOSITORY = 'octo-org/app';
const PR = 7;

// Twelve lines: the change is on line 2, so line 12 lies outside every hunk of the diff.
const BEFORE = ['export function mean(xs) {', '  return 0;', '}', '', ...Array.from({ length: 7 }, (_, i) => `// note ${i + 1}`), 'export const unused = 1;', ''].join('\n');
const AFTER = BEFORE.replace('  return 0;', '  return xs.reduce((a, b) => a + b, 0) / xs.length;');

const SYNTHESIS = `## High Priority - Multiple Reviewers Agree
- [CRITICAL] Division by zero when xs is empty (src/app.js:2)
  - Reviewer A: "xs.length can be 0"
  - Reviewer B: "empty input divides by zero"

## Medium Priority - Single Reviewer, Significant
- [IMPORTANT] unused is never read @octocat (src/app.js:12)
  - Reviewer C: "dead export"

## Consider - Suggestions
- [SUGGESTION] Add a test for the empty list
  - Reviewer A: "no test covers []"

FINAL RECOMMENDATION: Address high priority issues before merging`;

let providers: FakeProviderServer;
let github: FakeGitHubServer;
let repo: TempRepo;
let base: string;
let head: string;
let scratch: string;

beforeAll(async () => {
  providers = await startFakeProviderServer();
});
afterAll(async () => {
  await providers.close();
});
beforeEach(async () => {
  providers.reset();
  providers.handle((r) => (isChairman(r) ? SYNTHESIS : reviewText({ severity: 'CRITICAL', line: 2, description: 'Division by zero when xs is empty.' })));
  github = await startFakeGitHubServer();
  repo = makeTempRepo({ files: { 'src/app.js': BEFORE } });
  base = repo.git('rev-parse', 'HEAD').trim();
  head = repo.commit('compute the mean', { 'src/app.js': AFTER });
  github.addPullRequest(REPOSITORY, PR, { headSha: head, diff: repo.git('diff', base, head) });
  scratch = mkdtempSync(join(tmpdir(), 'cs-github-'));
  writeFileSync(join(scratch, 'event.json'), JSON.stringify({ action: 'synchronize', pull_request: { number: PR } }));
  writeFileSync(join(scratch, 'summary.md'), '');
});
afterEach(async () => {
  await github.close();
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

function review(extra: string[] = [], env: Record<string, string> = {}) {
  return cli(
    ['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--github-review', '--seed=1', ...extra],
    repo.dir,
    { ...providers.env(), ...github.env(REPOSITORY), GITHUB_EVENT_PATH: join(scratch, 'event.json'), GITHUB_STEP_SUMMARY: join(scratch, 'summary.md'), ...env },
  );
}

const posts = () => github.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/pulls/${PR}/reviews`));

describe('--github-review', () => {
  it('posts one COMMENT review: a comment per item on a diff line, the rest and the recommendation in the body', async () => {
    const result = await review(['--json']);
    expect(result.exitCode, result.stderr).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.githubReview).toMatchObject({ status: 'posted', repository: REPOSITORY, pullRequest: PR, comments: 1, inBody: 2, removedComments: 0, warnings: [] });

    expect(posts()).toHaveLength(1);
    const sent = posts()[0]!.body;
    expect(sent).toMatchObject({ event: 'COMMENT', commit_id: head });
    // Only line 2 is in the diff; line 12 and the item without a place go to the body.
    expect(sent.comments.map((c: { path: string; line: number; side: string }) => [c.path, c.line, c.side])).toEqual([['src/app.js', 2, 'RIGHT']]);
    const comment: string = sent.comments[0].body;
    expect(comment).toContain('**High Priority** · CRITICAL · raised by ');
    expect(comment).toMatch(/raised by [ABC] \((Claude|Gemini|Codex), `[^`]+`\), [ABC] \((Claude|Gemini|Codex), `[^`]+`\)/);
    expect(comment).toContain('Division by zero when xs is empty (src/app.js:2)');
    expect(comment).toContain('> Reviewer A: "xs.length can be 0"');
    expect(comment).toContain(REVIEW_MARKER);

    const body: string = sent.body;
    expect(body.startsWith(REVIEW_MARKER)).toBe(true);
    expect(body).toContain('### consensus-synthesis: Address high priority issues before merging');
    expect(body).toContain('Gate: FAIL: 1 High Priority issue (--fail-on high)');
    expect(body).toContain('#### Not on a line of the diff');
    expect(body).toContain('**Medium Priority** · IMPORTANT');
    expect(body).toContain('(`src/app.js:12`)');
    expect(body).toContain('**Consider** · SUGGESTION');
    expect(body).toContain('@\u200bocto'); // a model's @mention does not notify anyone
    expect(body).toMatch(/Reviewers: [ABC] = \w+ \(`[^`]+`\), /);
    // The token is sent to GitHub, never printed.
    expect(posts()[0]!.headers.authorization).toBe(`token ${FAKE_GITHUB_TOKEN}`);
    expect(result.stdout + result.stderr).not.toContain(FAKE_GITHUB_TOKEN);
  });

  it('a second run on the same pull request replaces the first review instead of piling up', async () => {
    const first = await review();
    expect(first.exitCode, first.stderr).toBe(2);
    expect(first.stdout).toMatch(/^Pull request review: http:\/\/127\.0\.0\.1:\d+\/octo-org\/app\/pull\/7#pullrequestreview-\d+ \(1 on lines, 2 in the body\)$/m);
    const [firstReview] = github.reviews;
    const firstComment = github.comments[0]!;

    const second = await review(['--json']);
    expect(second.exitCode, second.stderr).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(second.stdout));
    expect(doc.githubReview).toMatchObject({ status: 'posted', comments: 1, removedComments: 1, supersededReviews: 1 });
    // One line comment on the pull request, the new one; the first review now points at the second.
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.id).not.toBe(firstComment.id);
    expect(github.reviews).toHaveLength(2);
    expect(firstReview!.body).toBe(`${REVIEW_MARKER}\nSuperseded by a newer consensus-synthesis review: ${github.reviews[1]!.html_url}`);
    expect(github.reviews[1]!.body).toContain('### consensus-synthesis:');
    expect(github.requests.some((r) => r.method === 'DELETE' && r.path === `/repos/${REPOSITORY}/pulls/comments/${firstComment.id}`)).toBe(true);

    // A third run retires the second review and leaves the already superseded first alone.
    const third = await review(['--json']);
    expect(ConsensusOutputSchema.parse(JSON.parse(third.stdout)).githubReview).toMatchObject({ removedComments: 1, supersededReviews: 1 });
    expect(github.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/reviews/${firstReview!.id}`))).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
  });

  it('a 403 is a warning on stderr and in the job summary; the exit code stays the gate, the token never shows', async () => {
    github.fail('POST', /\/pulls\/\d+\/reviews$/, { status: 403, message: 'Resource not accessible by integration' });
    const result = await review();
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/WARNING: GitHub forbade the review of octo-org\/app#7 \(403: Resource not accessible by integration[^)]*\); the workflow needs "permissions: pull-requests: write"/);
    expect(result.stdout).toContain('Pull request review: not posted (see the warning above)');
    const summary = readFileSync(join(scratch, 'summary.md'), 'utf8');
    expect(summary).toContain('### consensus-synthesis: GitHub review');
    expect(summary).toContain('403: Resource not accessible by integration');
    for (const text of [result.stdout, result.stderr, summary]) expect(text).not.toContain(FAKE_GITHUB_TOKEN);

    const json = await review(['--json']);
    expect(json.exitCode).toBe(2);
    expect(ConsensusOutputSchema.parse(JSON.parse(json.stdout)).githubReview).toMatchObject({ status: 'failed', reviewId: null });
  });

  it('a bad token (401), a rate limit and an unreachable GitHub are warnings with the cause; the verdict is unchanged', async () => {
    const badToken = await review([], { GITHUB_TOKEN: 'ghs_wrongTokenWrongToken0000000000000' });
    expect(badToken.exitCode).toBe(2);
    expect(badToken.stderr).toMatch(/WARNING: GitHub refused the token \(401: Bad credentials/);
    expect(badToken.stdout + badToken.stderr).not.toContain('ghs_wrongTokenWrongToken0000000000000');

    github.fail('GET', /\/pulls\/\d+$/, { status: 403, message: 'API rate limit exceeded', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1900000000' } });
    const limited = await review();
    expect(limited.exitCode).toBe(2);
    expect(limited.stderr).toMatch(/WARNING: GitHub's rate limit was reached \(403\) \(it resets at 2030-03-17T17:46:40\.000Z\)/);

    // Nothing listening: GitHub cannot be reached.
    const down = await startFakeGitHubServer();
    await down.close();
    const unreachable = await review([], { GITHUB_API_URL: down.url });
    expect(unreachable.exitCode).toBe(2);
    expect(unreachable.stderr).toMatch(/WARNING: GitHub could not be reached at http:\/\/127\.0\.0\.1:\d+ \(/);
  });

  it('puts every item in the body when the pull request has moved past the reviewed commit', async () => {
    github.addPullRequest(REPOSITORY, PR, { headSha: 'f'.repeat(40), diff: repo.git('diff', base, head) });
    const result = await review(['--json']);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.githubReview).toMatchObject({ status: 'posted', comments: 0, inBody: 3 });
    expect(posts()[0]!.body.comments).toEqual([]);
    expect(posts()[0]!.body.body).toContain(`this review is of ${head.slice(0, 12)}`);
  });

  it('without a token or a pull request it exits 1 before any model is asked', async () => {
    const noToken = await review([], { GITHUB_TOKEN: '' });
    expect(noToken.exitCode).toBe(1);
    expect(noToken.stderr).toMatch(/^consensus-synthesis: error: --github-review needs GITHUB_TOKEN$/m);
    const noPr = await review([], { GITHUB_EVENT_PATH: '' });
    expect(noPr.exitCode).toBe(1);
    expect(noPr.stderr).toMatch(/--github-review needs the pull request/);
    expect(providers.requests).toHaveLength(0);
    expect(github.requests).toHaveLength(0);
    // --github-pr names it explicitly.
    const explicit = await review(['--github-pr', String(PR), '--json'], { GITHUB_EVENT_PATH: '' });
    expect(explicit.exitCode, explicit.stderr).toBe(2);
    expect(ConsensusOutputSchema.parse(JSON.parse(explicit.stdout)).githubReview?.status).toBe('posted');
  });
});
