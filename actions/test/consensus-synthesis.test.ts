import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAKE_GITHUB_TOKEN, FAKE_KEYS, startFakeGitHubServer, type RecordedRequest } from '@adlc/testkit';
import { pullRequestRepo, usesStep, useActionSuite } from './support/suite.js';

const suite = useActionSuite('consensus-synthesis');

const BASE = { 'src/app.js': 'export function mean(xs) {\n  return 0;\n}\n' };
const HEAD = { 'src/app.js': 'export function mean(xs) {\n  return xs.reduce((a, b) => a + b, 0) / xs.length;\n}\n' };

const review = (severity: string | null) =>
  severity === null
    ? '## ISSUES FOUND\nNone\n\n## OVERALL ASSESSMENT\nAPPROVE\n'
    : `## ISSUES FOUND\n- SEVERITY: ${severity}\n- LOCATION: src/app.js:2\n- DESCRIPTION: Division by zero when xs is empty.\n\n## OVERALL ASSESSMENT\nREQUEST_CHANGES\n`;

const tiers = (high: string) =>
  `## High Priority - Multiple Reviewers Agree\n${high}\n\n## Medium Priority - Single Reviewer, Significant\nNone\n\n## Consider - Suggestions\nNone\n\n`;
const APPROVE = `${tiers('None')}FINAL RECOMMENDATION: All reviewers approve - safe to merge`;
const HIGH = `${tiers('- [CRITICAL] Division by zero when xs is empty (src/app.js:2)\n  - Reviewer A: "xs can be empty"\n  - Reviewer B: "divides by zero"')}FINAL RECOMMENDATION: Address high priority issues before merging`;

const isChairman = (r: RecordedRequest) => r.prompt.startsWith('You are compiling');

function script(reviewText: string, synthesis: string) {
  suite.server.handle((r) => (isChairman(r) ? synthesis : reviewText));
}

function pullRequest() {
  const pr = pullRequestRepo(BASE, HEAD);
  suite.track(pr.repo);
  return { ...pr, event: suite.event(pr) };
}

describe('the consensus-synthesis action on a pull_request event', () => {
  it('approve: exit 0, the consensus in the summary, outputs set, the SARIF handed to upload-sarif', async () => {
    const pr = pullRequest();
    script(review(null), APPROVE);
    const run = await suite.run(pr.repo.dir, pr.event, {});

    expect(run.conclusion).toBe('success');
    expect(run.outputs).toMatchObject({ 'exit-code': '0', 'high-count': '0', 'medium-count': '0', 'consider-count': '0', recommendation: 'approve' });
    expect(run.log).toContain('already installed'); // the suite's install is reused, as in one job
    expect(run.summary).toContain('## consensus-synthesis: pass');
    expect(run.summary).toContain('Consensus from 3/3 reviewers, chaired by Claude');
    expect(run.summary).toContain('### High Priority - Multiple Reviewers Agree (0)');
    expect(run.summary).toContain('**FINAL RECOMMENDATION:** All reviewers approve - safe to merge');
    // Base and head come from the event, the description from the pull request's title and body.
    const stage1 = suite.server.requests.filter((r) => !isChairman(r));
    expect(stage1).toHaveLength(3);
    expect(stage1[0]!.prompt).toContain('Compute the mean of the scores');
    expect(stage1[0]!.prompt).toContain('it now sums the values');
    expect(stage1[0]!.prompt).toContain('+  return xs.reduce((a, b) => a + b, 0) / xs.length;');
    // The SARIF file exists and is what upload-sarif would receive.
    const sarif = run.outputs['sarif-file']!;
    expect(JSON.parse(readFileSync(sarif, 'utf8')).version).toBe('2.1.0');
    expect(usesStep(run, 'github/codeql-action/upload-sarif@v4')).toMatchObject({ ran: true, with: { sarif_file: sarif, category: 'consensus-synthesis' } });
    expect(existsSync(run.outputs['report-file']!)).toBe(true);
    expect(run.steps.at(-1)).toMatchObject({ name: 'Gate', exitCode: 0 });
    expect(pr.repo.status()).toBe('');
  });

  it('High Priority issue: exit 2 fails the job at the gate, after the summary, outputs and SARIF upload', async () => {
    const pr = pullRequest();
    script(review('CRITICAL'), HIGH);
    const run = await suite.run(pr.repo.dir, pr.event, { 'upload-sarif': 'false', args: '--min-reviewers=2\n--seed=3' });

    expect(run.conclusion).toBe('failure');
    expect(run.steps.at(-1)).toMatchObject({ name: 'Gate', exitCode: 2 });
    expect(run.outputs).toMatchObject({ 'exit-code': '2', 'high-count': '1', recommendation: 'address-high-priority' });
    expect(run.summary).toContain('## consensus-synthesis: gate fails');
    expect(run.summary).toContain('**Gate:** FAIL: 1 High Priority issue (--fail-on high)');
    expect(run.summary).toContain('### High Priority - Multiple Reviewers Agree (1)');
    expect(run.summary).toMatch(/- \*\*CRITICAL\*\* Division by zero when xs is empty \(src\/app\.js:2\) at `src\/app\.js:2` \((Claude|Gemini|Codex), (Claude|Gemini|Codex)\)/);
    expect(run.log).toContain('::error title=consensus-synthesis::the gate fails: 1 High Priority issue (--fail-on high)');
    // upload-sarif switched off by its input: present, not run.
    expect(usesStep(run, 'github/codeql-action/upload-sarif@v4').ran).toBe(false);
  });

  it('fail-on never: the same consensus passes', async () => {
    const pr = pullRequest();
    script(review('CRITICAL'), HIGH);
    const run = await suite.run(pr.repo.dir, pr.event, { 'fail-on': 'never' });
    expect(run.conclusion).toBe('success');
    expect(run.outputs).toMatchObject({ 'exit-code': '0', 'high-count': '1' });
  });

  it('an operational error (no provider): exit 1, the error in the summary, the job fails', async () => {
    const pr = pullRequest();
    const noKeys = { ANTHROPIC_API_KEY: undefined, OPENAI_API_KEY: undefined, GEMINI_API_KEY: undefined };
    const run = await suite.run(pr.repo.dir, pr.event, {}, noKeys);
    expect(run.conclusion).toBe('failure');
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.summary).toMatch(/^## consensus-synthesis: error \(exit 1\)\n\n.*(ANTHROPIC_API_KEY|provider)/m);
    expect(run.steps.at(-1)).toMatchObject({ name: 'Gate', exitCode: 1 });
    expect(suite.server.requests).toHaveLength(0);
  });

  it('no event and no base-sha input: exit 1 naming the input', async () => {
    const pr = pullRequest();
    const run = await suite.run(pr.repo.dir, '/nonexistent/event.json', {});
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.summary).toContain('set the input "base-sha"');
    expect(run.conclusion).toBe('failure');
  });
});

describe('the pull-request review', () => {
  it('is posted by default on a pull_request event with the token; github-review false turns it off', async () => {
    const github = await startFakeGitHubServer();
    try {
      const pr = pullRequest();
      github.addPullRequest('octo-org/calc', 42, { headSha: pr.head, diff: pr.repo.git('diff', pr.base, pr.head) });
      script(review('CRITICAL'), HIGH);
      const env = { GITHUB_TOKEN: FAKE_GITHUB_TOKEN, GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'octo-org/calc' };
      const run = await suite.run(pr.repo.dir, pr.event, { 'upload-sarif': 'false' }, env);
      expect(run.outputs['exit-code']).toBe('2');
      expect(github.reviews).toHaveLength(1);
      expect(github.comments.map((c) => [c.path, c.line])).toEqual([['src/app.js', 2]]);
      expect(run.summary).toMatch(/\*\*Pull request review:\*\* http:\/\/127\.0\.0\.1:\d+\/octo-org\/calc\/pull\/42#pullrequestreview-\d+ \(1 on lines, 0 in the body\)/);
      expect(run.log + run.stderr + run.summary + run.outputFiles).not.toContain(FAKE_GITHUB_TOKEN);

      const off = await suite.run(pr.repo.dir, pr.event, { 'upload-sarif': 'false', 'github-review': 'false' }, env);
      expect(off.outputs['exit-code']).toBe('2');
      expect(github.reviews).toHaveLength(1);
    } finally {
      await github.close();
    }
  });
});

const EXTRA_TOKEN = 'ghp_fakeTokenForTheLeakTest0123456789';

describe('no key reaches the log, the outputs or the summary', () => {
  it('keys are masked first, and appear nowhere, even when a provider echoes one in its error', async () => {
    const pr = pullRequest();
    // Anthropic refuses with the key in its message; the other two review, and Gemini chairs.
    suite.server.handle(() => ({ status: 401, message: `invalid x-api-key: ${FAKE_KEYS.ANTHROPIC_API_KEY}` }), 'anthropic');
    script(review(null), APPROVE);
    const run = await suite.run(pr.repo.dir, pr.event, {}, { DEPLOY_TOKEN: EXTRA_TOKEN });

    expect(run.conclusion).toBe('success');
    expect(run.summary).toMatch(/Claude.*error: .*401/); // the failure is reported...
    const secrets = [...Object.values(FAKE_KEYS), EXTRA_TOKEN];
    for (const secret of secrets) {
      // ...without the key, on every channel a job exposes.
      for (const [channel, text] of Object.entries({ log: run.log, stderr: run.stderr, outputs: run.outputFiles, summary: run.summary })) {
        expect({ channel, leaked: text.includes(secret) }).toEqual({ channel, leaked: false });
      }
      expect(run.masks).toContain(secret);
    }
    expect(run.steps[0]!.name).toBe('Mask provider keys');
  });
});
