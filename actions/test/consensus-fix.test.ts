import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pullRequestRepo, usesStep, useActionSuite } from './support/suite.js';

const suite = useActionSuite('consensus-fix');

const BUGGY = 'export function add(a, b) {\n  return a - b;\n}\n\nexport function mul(a, b) {\n  return a * b;\n}\n';
const FIXED = BUGGY.replace('a - b', 'a + b');
const WRONG = BUGGY.replace('a - b', 'a * b');
const FILES = {
  'package.json': '{ "type": "module" }\n',
  'src/calc.mjs': BUGGY.replace('a - b', 'a + b'),
  'test/add-repro.mjs': "import { add } from '../src/calc.mjs';\nif (add(2, 3) !== 5) { console.error('add(2, 3) should be 5'); process.exit(1); }\n",
  'test/rails.mjs': "import { add, mul } from '../src/calc.mjs';\nif (add(1, 1) !== 2 || mul(2, 3) !== 6) process.exit(1);\n",
};
const answer = (content: string) => JSON.stringify({ changes: [{ file: 'src/calc.mjs', content }] });

/** The pull request that broke add(): its test now fails. */
function failingPullRequest() {
  const pr = pullRequestRepo(FILES, { 'src/calc.mjs': BUGGY });
  suite.track(pr.repo);
  return { ...pr, event: suite.event(pr) };
}

const INPUTS = { 'test-cmd': 'node test/add-repro.mjs', rails: 'node test/rails.mjs', files: 'src/calc.mjs', n: '3' };

describe('the consensus-fix action on a failing test', () => {
  it('three agreeing fixes: exit 0, the winning patch in the summary, as an output and uploaded', async () => {
    const pr = failingPullRequest();
    suite.server.handle(() => answer(FIXED));
    const run = await suite.run(pr.repo.dir, pr.event, INPUTS);

    expect(run.conclusion).toBe('success');
    expect(run.outputs).toMatchObject({ 'exit-code': '0', verdict: 'pass', survivors: '3', confidence: '1', 'changed-lines': '2' });
    const patch = readFileSync(run.outputs['patch-file']!, 'utf8');
    expect(patch).toContain('-  return a - b;\n+  return a + b;');
    expect(run.summary).toContain('## consensus-fix: pass');
    expect(run.summary).toContain('### Winning patch: candidate 0, 2 changed lines, group of 3');
    expect(run.summary).toContain(`\`\`\`diff\n${patch}\`\`\``);
    expect(usesStep(run, 'actions/upload-artifact@v7')).toMatchObject({ ran: true, with: { name: 'consensus-fix-patch', path: run.outputs['json-file']!.replace(/\/consensus-fix\.json$/, '') } });
    // A dry run: the working tree is untouched, and the patch applies to it.
    expect(pr.repo.status()).toBe('');
    execFileSync('git', ['apply', '--check', run.outputs['patch-file']!], { cwd: pr.repo.dir });
  });

  it('no candidate passes the test: exit 2 fails the job; no patch, nothing uploaded, the verdict in the summary', async () => {
    const pr = failingPullRequest();
    suite.server.handle(() => answer(WRONG));
    const run = await suite.run(pr.repo.dir, pr.event, INPUTS);

    expect(run.conclusion).toBe('failure');
    expect(run.steps.at(-1)).toMatchObject({ name: 'Gate', exitCode: 2 });
    expect(run.outputs).toMatchObject({ 'exit-code': '2', verdict: 'no-survivors', survivors: '0', 'patch-file': '', 'changed-lines': '' });
    expect(run.summary).toContain('## consensus-fix: gate fails');
    expect(run.summary).toContain('**Verdict:** no-survivors: no survivors: none of the 3 candidates passed the gates');
    expect(run.summary).toMatch(/\| 0 \| `anthropic\/[^`]+` \| failed: repro \|/);
    expect(run.summary).not.toContain('Winning patch');
    expect(usesStep(run, 'actions/upload-artifact@v7').ran).toBe(false);
    expect(pr.repo.status()).toBe('');
  });
});
