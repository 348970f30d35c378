// The consensus-synthesis action reviews the whole pull request by default (chunks: all), in parts
// of at most 10 KB; max-chunks caps the parts, and a capped review is never "safe to merge".

import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '@adlc/testkit';
import { pullRequestRepo, useActionSuite } from './support/suite.js';

const suite = useActionSuite('consensus-synthesis');

const big = (tag: string) => Array.from({ length: 400 }, (_, i) => `export const ${tag}${i} = '${'x'.repeat(40)}';\n`).join('');
const REVIEW = '## ISSUES FOUND\nNone\n\n## OVERALL ASSESSMENT\nAPPROVE\n';
const APPROVE =
  '## High Priority - Multiple Reviewers Agree\nNone\n\n## Medium Priority - Single Reviewer, Significant\nNone\n\n## Consider - Suggestions\nNone\n\nFINAL RECOMMENDATION: All reviewers approve - safe to merge';
const isChairman = (r: RecordedRequest) => r.prompt.startsWith('You are compiling');

function largePullRequest() {
  // About 60 KB of new code in three files: six or more parts of 10 KB.
  const pr = pullRequestRepo({ 'README.md': 'x\n' }, { 'src/a.js': big('a'), 'src/b.js': big('b'), 'src/c.js': big('c') });
  suite.track(pr.repo);
  suite.server.handle((r) => (isChairman(r) ? APPROVE : REVIEW));
  return { ...pr, event: suite.event(pr) };
}

describe('the consensus-synthesis action on a large pull request', () => {
  it('reviews every part by default; max-chunks caps the parts and the recommendation says the review is partial', async () => {
    const pr = largePullRequest();
    const all = await suite.run(pr.repo.dir, pr.event, {});
    expect(all.conclusion).toBe('success');
    const stage1 = suite.server.requests.filter((r) => !isChairman(r));
    const parts = stage1.filter((r) => r.protocol === 'anthropic').length;
    expect(parts).toBeGreaterThanOrEqual(6);
    expect(stage1).toHaveLength(3 * parts);
    expect(all.outputs.recommendation).toBe('approve');
    expect(all.summary).toContain(`Reviewed ${parts} of ${parts} parts of the diff.`);

    suite.server.reset();
    suite.server.handle((r) => (isChairman(r) ? APPROVE : REVIEW));
    const capped = await suite.run(pr.repo.dir, pr.event, { 'max-chunks': '2' });
    expect(capped.conclusion).toBe('success');
    expect(suite.server.requests.filter((r) => !isChairman(r))).toHaveLength(6);
    expect(capped.outputs.recommendation).toBe('approve-partial');
    expect(capped.summary).toContain(`Reviewed 2 of ${parts} parts of the diff (not all of it).`);
    expect(capped.summary).toMatch(/\*\*FINAL RECOMMENDATION:\*\* Reviewers approve what they saw, first \d+ KB reviewed of \d+ KB \(2 of \d+ parts\): not safe to merge/);
  });

  it('a chunks input that is neither "all" nor a number: exit 1 naming the input', async () => {
    const pr = largePullRequest();
    const run = await suite.run(pr.repo.dir, pr.event, { chunks: 'some' });
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.summary).toContain('the input "chunks" is "some"');
    expect(suite.server.requests).toHaveLength(0);
  });
});
