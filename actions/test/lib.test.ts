// The pure parts of the step scripts, table by table, and the action files' own rules.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { changeUnderReview, pullRequestDescription } from '../lib/event.mjs';
import { argLines, input } from '../lib/inputs.mjs';
import { checkVersion, installSource, pickTarballs } from '../lib/install-plan.mjs';
import { errorCommand, formatOutputs } from '../lib/io.mjs';
import { code, fence, inline, percent } from '../lib/markdown.mjs';
import { patchBlock } from '../lib/fix.mjs';
import { maskCommands, withoutSecrets } from '../lib/secrets.mjs';
import { reportRun } from '../lib/tool.mjs';
import { synthesisReport, wantsGithubReview } from '../lib/synthesis.mjs';
import { ACTIONS_DIR, parseOutputFile, readAction } from './support/runner.js';

describe('step outputs', () => {
  it.each([
    ['plain', 'value'],
    ['empty', ''],
    ['multi-line', 'line 1\nline 2'],
    ['forged', 'x\nexit-code=0\nsarif-file=/etc/passwd'],
  ])('%s values come back exactly, and forge nothing', (_, value) => {
    expect(parseOutputFile(formatOutputs({ a: value, b: 'next' }))).toEqual({ a: value, b: 'next' });
  });

  it('numbers, booleans and null are written as text', () => {
    expect(parseOutputFile(formatOutputs({ n: 2, t: true, z: null }))).toEqual({ n: '2', t: 'true', z: '' });
  });

  it('workflow commands escape their data and properties', () => {
    expect(errorCommand('a:b,c', '50% done\nnext')).toBe('::error title=a%3Ab%2Cc::50%25 done%0Anext');
  });
});

describe('what a run reports', () => {
  const spec = {
    args: () => [],
    files: {},
    report: (doc: { n: number }, exitCode: number) => ({ summary: `n=${doc.n.toFixed(0)}`, outputs: {}, gateReason: `exit ${exitCode}` }),
  };
  it.each([
    ['a pass with its document', 0, '{"n": 1}', 0, 'n=1'],
    ['a gate failure with its document', 2, '{"n": 2}\n', 2, 'n=2'],
    ['an operational error', 1, '{"error": {"message": "no provider", "hint": "set a key"}}', 1, '## t: error (exit 1)\n\nno provider\n\nHint: set a key\n'],
    ['a pass without a document', 0, '', 1, '## t: error (exit 0)\n\nt exited 0 without a JSON document (its stderr is in the step\'s log)\n'],
    ['a pass with a document of another shape', 0, '{"promptOnly": true}', 1, /cannot read/],
    ['an interruption', 130, '', 130, /exited 130 without a JSON document/],
  ] as const)('%s', (_, exitCode, stdout, reported, summary) => {
    const run = reportRun(spec, 't', exitCode, stdout);
    expect(run.exitCode).toBe(reported);
    if (typeof summary === 'string') expect(run.report.summary).toBe(summary);
    else expect(run.report.summary).toMatch(summary);
  });
});

describe('inputs', () => {
  it.each([
    ['', []],
    ['--min-reviewers=2', ['--min-reviewers=2']],
    ['--timeout\n60\n\n  --seed=3  \r\n', ['--timeout', '60', '--seed=3']],
    ['--description=a b; rm -rf /', ['--description=a b; rm -rf /']],
  ])('args %j → %j', (text, args) => {
    expect(argLines(text)).toEqual(args);
  });

  it('reads INPUT_<NAME> with dashes as underscores', () => {
    expect(input({ INPUT_FAIL_ON: ' medium ' }, 'fail-on')).toBe('medium');
    expect(input({}, 'fail-on')).toBe('');
  });
});

describe('github-review', () => {
  const pr = { pull_request: { number: 1 } };
  it.each([
    ['', { GITHUB_TOKEN: 'tok' }, pr, true],
    ['', { GITHUB_TOKEN: 'tok' }, { after: 'abc' }, false],
    ['', {}, pr, false],
    ['false', { GITHUB_TOKEN: 'tok' }, pr, false],
    ['FALSE', { GITHUB_TOKEN: 'tok' }, pr, false],
    ['true', {}, { after: 'abc' }, true],
  ])('input %j, env %j, event %j → %j', (given, env, event, expected) => {
    expect(wantsGithubReview({ INPUT_GITHUB_REVIEW: given, ...env }, event)).toBe(expected);
  });

  it('refuses anything but true, false or empty', () => {
    expect(() => wantsGithubReview({ INPUT_GITHUB_REVIEW: 'yes' }, pr)).toThrow(/"github-review" is "yes"/);
  });

  it('the summary says when nothing was left to review and the earlier review was retired', () => {
    const consensus = { high: [], medium: [], consider: [], recommendation: 'approve', recommendationText: null };
    const doc = { chairman: null, consensus, gate: { failed: false, reason: 'no changes' }, reviewers: [], warnings: [] };
    const review = { status: 'skipped', removedComments: 1, supersededReviews: 1, minimizedReviews: 1, minimizeFailures: 0 };
    expect(synthesisReport({ ...doc, githubReview: review }, 0).summary).toContain('**Pull request review:** none posted, nothing to review; 1 earlier review(s) retired and hidden');
    expect(synthesisReport({ ...doc, githubReview: { ...review, minimizedReviews: 0 } }, 0).summary).toMatch(/\*\*Pull request review:\*\* none posted, nothing to review$/m);
  });
});

describe('the change under review', () => {
  const pr = { pull_request: { base: { sha: 'b1' }, head: { sha: 'h1' }, title: 'Title', body: 'Body' } };
  const none = { base: '', head: '', description: '' };
  it.each([
    ['a pull request', pr, none, { base: 'b1', head: 'h1', description: 'Title\n\nBody' }],
    ['inputs win', pr, { base: 'B', head: 'H', description: 'D' }, { base: 'B', head: 'H', description: 'D' }],
    ['a push', { before: 'p0', after: 'p1' }, none, { base: 'p0', head: 'p1', description: '' }],
    ['a push and a base input', { before: '0000000000000000000000000000000000000000', after: 'p1' }, { ...none, base: 'main' }, { base: 'main', head: 'p1', description: '' }],
  ])('%s', (_, event, given, change) => {
    expect(changeUnderReview(event, given)).toEqual(change);
  });

  it.each([
    ['no event', {}],
    ['a first push (no previous commit)', { before: '0000000000000000000000000000000000000000', after: 'p1' }],
  ])('%s: refused, naming the input', (_, event) => {
    expect(() => changeUnderReview(event, none)).toThrow('set the input "base-sha"');
  });

  it('a pull request without a body is its title; a long body is cut', () => {
    expect(pullRequestDescription({ title: 'T', body: null })).toBe('T');
    expect(pullRequestDescription({ title: 'T', body: 'x'.repeat(5000) })).toMatch(/^T\n\nx{4000}\n\[description truncated\]$/);
  });
});

describe('install plan', () => {
  it.each(['1.2.3', '^0.1.0', 'latest', 'next', '>=1.0.0 <2', '0.2.0-beta.1'])('version %j is accepted', (v) => {
    expect(checkVersion(v)).toBe(v);
  });
  it.each(['--registry=https://evil.example', '-g', '../x', 'file:../x', 'git+https://x/y.git', 'a;b', ''])('version %j is refused', (v) => {
    expect(() => checkVersion(v)).toThrow('the input "version"');
  });

  it.each([
    [{ version: '1.0.0', tarballsDir: '/t' }, 'npm'],
    [{ version: '', tarballsDir: '/t' }, 'tarballs'],
    [{ version: '', tarballsDir: '' }, 'checkout'],
  ] as const)('%j installs from %s', (from, source) => {
    expect(installSource(from)).toBe(source);
  });

  it('picks core, the workspace packages the tool depends on, and the tool, not a tool whose name starts the same', () => {
    const names = ['adlc-core-0.1.0.tgz', 'adlc-localize-0.1.0.tgz', 'adlc-consensus-fix-0.1.0.tgz', 'adlc-consensus-synthesis-0.1.0.tgz', 'notes.txt'];
    expect(pickTarballs(names, 'consensus-fix')).toEqual(['adlc-core-0.1.0.tgz', 'adlc-localize-0.1.0.tgz', 'adlc-consensus-fix-0.1.0.tgz']);
    expect(() => pickTarballs(names.filter((n) => !n.includes('localize')), 'consensus-fix')).toThrow('no tarball of @adlc/localize');
    expect(pickTarballs(names, 'consensus-synthesis')).toEqual(['adlc-core-0.1.0.tgz', 'adlc-consensus-synthesis-0.1.0.tgz']);
    expect(() => pickTarballs(names, 'review-calibration')).toThrow('no tarball of @adlc/review-calibration');
    expect(() => pickTarballs([...names, 'adlc-core-0.2.0.tgz'], 'consensus-fix')).toThrow('2 tarball of @adlc/core');
  });

  it('a bad version fails the install step in one line, before npm runs', async () => {
    const result = await promisify(execFile)(process.execPath, [join(ACTIONS_DIR, 'lib', 'install.mjs')], {
      env: { PATH: process.env.PATH, ADLC_TOOL: 'consensus-fix', ADLC_VERSION: '--registry=https://evil.example', RUNNER_TEMP: '/nonexistent' },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect('code' in result ? result.code : 0).toBe(1);
    expect(result.stderr).toBe('adlc install: the input "version" must be an npm version, range or dist-tag of the package (got "--registry=https://evil.example")\n');
  });
});

describe('secrets', () => {
  it('masks every secret-named variable of 8+ characters, line by line', () => {
    const env = { ANTHROPIC_API_KEY: 'sk-ant-123456789', GITHUB_TOKEN: 'ghs_abcdefgh', SHORT_TOKEN: 'abc', HOME: '/home/runner', MY_SECRET: 'line-one-x\nline-two-y', ODD_PASSWORD: '100%secret' };
    expect(maskCommands(env)).toEqual([
      '::add-mask::sk-ant-123456789',
      '::add-mask::ghs_abcdefgh',
      '::add-mask::line-one-x',
      '::add-mask::line-two-y',
      '::add-mask::100%25secret',
    ]);
  });

  it('package managers run without them', () => {
    expect(withoutSecrets({ OPENAI_API_KEY: 'sk-1234567890', PATH: '/bin', ADLC_TOOL: 'consensus-fix' })).toEqual({ PATH: '/bin', ADLC_TOOL: 'consensus-fix' });
  });
});

describe('markdown', () => {
  it.each([
    ['plain', 'plain'],
    ['two\nlines\r\n  here', 'two lines here'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['a | b', 'a \\| b'],
    ['esc\u001b[31mred\u202e', 'esc [31mred'],
    [null, ''],
  ])('inline(%j) is %j', (text, md) => {
    expect(inline(text)).toBe(md);
  });

  it('cuts long text', () => {
    expect(inline('x'.repeat(1000))).toBe(`${'x'.repeat(399)}…`);
  });

  it('code spans and fences are longer than any backtick run inside', () => {
    expect(code('src/a.js:2')).toBe('`src/a.js:2`');
    expect(code('a `b` c')).toBe('``a `b` c``');
    expect(fence('x\n```\ny', 'diff')).toBe('````diff\nx\n```\ny\n````\n');
  });

  it.each([
    [0.625, '62.5%'],
    [1, '100%'],
    [0, '0%'],
    [1 / 3, '33.3%'],
    [null, 'n/a'],
  ])('percent(%j) is %s', (share, text) => {
    expect(percent(share)).toBe(text);
  });

  it('a long patch is cut on a line boundary, with a pointer to the artifact', () => {
    const patch = Array.from({ length: 5000 }, (_, i) => `+line ${i} ${'x'.repeat(20)}`).join('\n');
    const block = patchBlock(patch);
    expect(block.length).toBeLessThan(61_000);
    expect(block).toMatch(/\n\+line \d+ x{20}\n```\n\nThe patch is cut here \(\d+ characters\); the whole patch is in the artifact\.\n$/);
  });
});

describe('the action files', () => {
  const tools = ['consensus-synthesis', 'review-calibration', 'consensus-fix'];
  it.each(tools)('%s: no expression inside a shell line (inputs reach scripts through env only)', (tool) => {
    for (const step of readAction(tool).runs.steps) {
      if (step.run !== undefined) {
        expect(step.run).not.toContain('${{');
        expect(step.shell).toBe('bash');
      }
    }
  });

  it.each(tools)('%s: every INPUT_ variable names a declared input, and the steps run mask, install, run, ..., gate', (tool) => {
    const action = readAction(tool);
    const steps = action.runs.steps;
    expect(steps.map((s) => s.id ?? s.name)).toEqual(['Mask provider keys', 'install', 'run', ...steps.slice(3, -1).map((s) => s.name), 'Gate']);
    for (const [name, value] of Object.entries(steps.find((s) => s.id === 'run')!.env ?? {})) {
      if (!name.startsWith('INPUT_')) continue;
      const input = name.slice('INPUT_'.length).toLowerCase().replaceAll('_', '-');
      expect(action.inputs).toHaveProperty([input]);
      expect(value).toBe(`\${{ inputs.${input} }}`);
    }
  });
});
