import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, makeTempRepo, startFakeProviderServer, type FakeProviderServer } from '@adlc/testkit';
import { ConsensusOutputSchema, PromptOnlyOutputSchema } from '../src/index.js';
import { cli, isChairman, repoWithChange, reviewText, SYNTHESIS_APPROVE, SYNTHESIS_HIGH } from './support.js';

let server: FakeProviderServer;
const scratch = mkdtempSync(join(tmpdir(), 'cs-test-'));
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

const GENERAL_SYNTHESIS = `## Areas of Agreement
Both analyses like the queue.

## Areas of Disagreement
Reviewer A wants retries; Reviewer B does not.

## Confidence Level
Low

## Synthesized Recommendation
Add bounded retries behind a flag.`;

describe('general-prompt mode', () => {
  it('asks the prompt with its context, sends the chairman the prompt but not the context, exits 0', async () => {
    const repo = makeTempRepo({ files: { 'design.md': `# Design\nA queue. CONTEXT_MARKER\n` } });
    server.handle((r) => (isChairman(r) ? GENERAL_SYNTHESIS : '## ANALYSIS\nfine\n## CONCERNS\n- retries\n## RECOMMENDATIONS\n- add retries'));
    const result = await cli(
      ['--mode', 'general-prompt', '--prompt', 'What could go wrong with this design?', '--context-file', 'design.md', '--json'],
      repo.dir,
      server.env(),
    );
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.mode).toBe('general-prompt');
    expect(doc.consensus).toMatchObject({
      confidence: 'low',
      agreement: 'Both analyses like the queue.',
      disagreement: 'Reviewer A wants retries; Reviewer B does not.',
      recommendation: 'Add bounded retries behind a flag.',
    });
    expect(doc.reviewers.every((r) => r.status === 'ok' && r.parsed)).toBe(true);
    const stage1 = server.requests.filter((r) => !isChairman(r));
    expect(stage1).toHaveLength(3);
    for (const request of stage1) {
      expect(request.prompt.startsWith('What could go wrong with this design?')).toBe(true);
      expect(request.prompt).toContain('CONTEXT:\n# Design\nA queue. CONTEXT_MARKER');
      for (const heading of ['## ANALYSIS', '## CONCERNS', '## RECOMMENDATIONS']) expect(request.prompt).toContain(heading);
    }
    const chairman = server.requests.find(isChairman)!;
    expect(chairman.prompt).toContain('ORIGINAL PROMPT:\nWhat could go wrong with this design?');
    expect(chairman.prompt).toContain('ANALYSES RECEIVED (3 of 3)');
    expect(chairman.prompt).not.toContain('CONTEXT_MARKER');
    expect(repo.status()).toBe('');
    repo.cleanup();
  });

  it('prints the synthesis verbatim and truncates a context over 10 KB with a note', async () => {
    const repo = makeTempRepo({ files: { 'README.md': 'x\n' } });
    server.handle((r) => (isChairman(r) ? GENERAL_SYNTHESIS : '## ANALYSIS\nok'));
    const context = `${'context line\n'.repeat(1000)}END_MARKER`;
    const result = await cli(['--mode=general-prompt', '--prompt=Is this sane?', `--context=${context}`], repo.dir, server.env());
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('Consensus (general prompt) from 3/3 reviewers, chaired by Claude (claude-sonnet-5-5)');
    expect(result.stdout).toContain(GENERAL_SYNTHESIS);
    const stage1 = server.requests.find((r) => !isChairman(r))!;
    expect(stage1.prompt).toContain('[Context truncated - showing first 10KB]');
    expect(stage1.prompt).not.toContain('END_MARKER');
    repo.cleanup();
  });
});

describe('bad input is refused before anything is sent', () => {
  it.each([
    [[], /required option '--mode <mode>'/],
    [['--mode=review'], /argument 'review' is invalid/],
    [['--mode=code-review'], /needs --base-sha/],
    [['--mode=general-prompt'], /needs --prompt/],
    [['--mode=code-review', '--base-sha=HEAD', '--prompt=x'], /--prompt is not used with --mode=code-review/],
    [['--mode=code-review', '--base-sha=no-such-ref'], /unknown revision no-such-ref/],
    [['--mode=code-review', '--base-sha=HEAD', '--reviewers=mistral'], /unknown reviewer "mistral"/],
    [['--mode=code-review', '--base-sha=HEAD', '--min-reviewers=4'], /--min-reviewers 4 is more than the 3 reviewer/],
    [['--mode=code-review', '--base-sha=HEAD', '--plan-file=missing.md'], /cannot read --plan-file missing.md: no such file/],
    [['--mode=code-review', '--base-sha=HEAD', '--out=src'], /--out src is a directory/],
    [['--mode=code-review', '--base-sha=HEAD', '--out=src/app.js'], /--out src\/app\.js is a file git tracks: the report would replace it/],
    [['--mode=code-review', '--base-sha=HEAD', '--sarif=src/app.js'], /--sarif src\/app\.js is a file git tracks: the report would replace it/],
    [['--mode=code-review', '--base-sha=HEAD', '--out=r.txt', '--sarif=./r.txt'], /--out and --sarif name the same file/],
  ])('%j', async (args, message) => {
    const { repo } = repoWithChange();
    const result = await cli(args, repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(server.requests).toHaveLength(0);
    repo.cleanup();
  });

  it('a tracked file named by --out is left as it was', async () => {
    const { repo } = repoWithChange();
    const before = repo.read('src/app.js');
    const result = await cli(['--mode=code-review', '--base-sha=HEAD~1', '--head-sha=HEAD', '--out', 'src/app.js'], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('write it outside the repository or to an untracked path (the default is a new file in the temp dir)');
    expect(repo.read('src/app.js')).toBe(before);
    expect(repo.status()).toBe('');
    repo.cleanup();
  });

  it('exits 1 naming the variables when no provider is configured', async () => {
    const { repo, base } = repoWithChange();
    const result = await cli(['--mode=code-review', `--base-sha=${base}`], repo.dir, {});
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/ANTHROPIC_API_KEY/);
    repo.cleanup();
  });
});

describe('reviewers, working tree, secrets and outputs', () => {
  it('reviews the working tree (uncommitted and untracked) with a command reviewer; keys and .env values never leave', async () => {
    const { repo, base } = repoWithChange();
    repo.write({
      'src/app.js': 'export function mean(xs) {\n  if (xs.length === 0) return 0;\n  return xs.reduce((a, b) => a + b, 0) / xs.length;\n}\n',
      'src/new.js': `export const token = "${FAKE_KEYS.OPENAI_API_KEY}";\n`,
      '.env': 'DATABASE_URL=postgres://user:hunter2hunter2@db/app\n',
    });
    const before = repo.status();
    const reviewer = join(scratch, 'reviewer.mjs');
    writeFileSync(
      reviewer,
      `import { writeFileSync } from 'node:fs';
let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  writeFileSync(${JSON.stringify(join(scratch, 'seen.txt'))}, s);
  process.stdout.write(${JSON.stringify(reviewText({ severity: 'IMPORTANT', file: 'src/new.js', line: 1 }))});
});
`,
    );
    server.handle((r) => (isChairman(r) ? SYNTHESIS_APPROVE : reviewText()));
    const sarif = join(scratch, 'out.sarif');
    const out = join(scratch, 'report.md');
    const result = await cli(
      ['--mode=code-review', `--base-sha=${base}`, `--reviewers=command:node ${reviewer},anthropic`, '--json', `--sarif=${sarif}`, `--out=${out}`],
      repo.dir,
      server.env(),
    );
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.total, result.stderr).toBe(2);
    expect(doc.reviewers.map((r) => [r.name, r.provider])).toEqual([
      [`command:node ${reviewer}`, 'command'],
      ['Claude', 'anthropic'],
    ]);
    expect(doc.reviewers[0]!.findings[0]).toMatchObject({ file: 'src/new.js', line: 1, severity: 'IMPORTANT' });
    expect(doc.reportPath).toBe(out);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(doc.redactions.count).toBeGreaterThanOrEqual(2);
    expect(doc.redactions.kinds).toMatchObject({ 'env-file': 1 });

    const seen = readFileSync(join(scratch, 'seen.txt'), 'utf8');
    const sent = [seen, ...server.requests.map((r) => JSON.stringify(r.body))].join('\n');
    expect(seen).toContain('+  if (xs.length === 0) return 0;'); // uncommitted edit
    expect(seen).toContain('+++ b/src/new.js'); // untracked file
    expect(seen).toContain('+DATABASE_URL=[REDACTED]');
    expect(sent).not.toContain('hunter2');
    for (const key of Object.values(FAKE_KEYS)) {
      expect(sent).not.toContain(key);
      expect(readFileSync(out, 'utf8')).not.toContain(key);
    }

    const log = JSON.parse(readFileSync(sarif, 'utf8'));
    expect(log.version).toBe('2.1.0');
    // The command reviewer's finding is not in the chairman's consensus (it approves): no alert.
    expect(log.runs[0].results).toEqual([]);
    expect(repo.status()).toBe(before);
    repo.cleanup();
  });

  it('a command-only setup: the command reviewers also chair, in the order given', async () => {
    const { repo, base } = repoWithChange();
    const chairScript = join(scratch, 'chair.mjs');
    writeFileSync(
      chairScript,
      `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.stdout.write(s.startsWith('You are compiling') ? ${JSON.stringify(SYNTHESIS_HIGH)} : ${JSON.stringify(reviewText({ severity: 'CRITICAL' }))}));`,
    );
    const result = await cli(
      ['--mode=code-review', `--base-sha=${base}`, '--reviewers', `command:node ${chairScript}`, '--reviewers', `command:node ${chairScript} --second`, '--json'],
      repo.dir,
      {},
    );
    expect(result.exitCode, result.stderr).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.answered).toBe(2);
    expect(doc.chairman!.name).toBe(`command:node ${chairScript}`);
    expect(doc.consensus.high).toHaveLength(1);
    expect(doc.consensus.high[0]!.reviewers.sort()).toEqual([`command:node ${chairScript}`, `command:node ${chairScript} --second`].sort());
    // A command counts no tokens: the usage is an estimate and says so, per reviewer and in the sum,
    // in the printed document and through the exported schema.
    const raw = JSON.parse(result.stdout) as { usage: Record<string, unknown>; reviewers: Array<{ usage: Record<string, unknown> }> };
    expect(raw.usage).toMatchObject({ estimated: true });
    expect(raw.reviewers.map((r) => r.usage.estimated)).toEqual([true, true]);
    expect(doc.usage.estimated).toBe(true);
    expect(doc.usage.inputTokens).toBeGreaterThan(0);
    repo.cleanup();
  });

  it('--min-reviewers makes too few answers an operational error', async () => {
    const { repo, base } = repoWithChange();
    server.handle((r) => (isChairman(r) ? SYNTHESIS_APPROVE : reviewText()));
    server.handle(() => ({ status: 401, message: 'nope' }), 'gemini');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--min-reviewers=3'], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/only 2\/3 reviewers answered, fewer than --min-reviewers 3/);
    repo.cleanup();
  });

  it('a named reviewer without a key is reported with the variable to set', async () => {
    const { repo, base } = repoWithChange();
    server.handle((r) => (isChairman(r) ? SYNTHESIS_APPROVE : reviewText()));
    const { OPENAI_API_KEY: _omitted, ...env } = server.env();
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--reviewers=anthropic,openai', '--json'], repo.dir, env);
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.answered).toBe(1);
    expect(doc.reviewers[1]).toMatchObject({ name: 'Codex', status: 'error' });
    expect(doc.reviewers[1]!.error).toMatch(/OPENAI_API_KEY/);
    expect(server.requestsFor('openai')).toHaveLength(0);
    repo.cleanup();
  });

  it('an empty diff is nothing to review: exit 0, no model called', async () => {
    const { repo, head } = repoWithChange();
    const result = await cli(['--mode=code-review', `--base-sha=${head}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.total).toBe(0);
    expect(doc.chairman).toBeNull();
    expect(server.requests).toHaveLength(0);
    repo.cleanup();
  });

  it('a big lockfile does not crowd the code out of the 10 KB the reviewers see; an untracked file takes its place in path order', async () => {
    const lock = JSON.stringify({ packages: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`node_modules/dep-${i}`, { version: `1.0.${i}` }])) }, null, 2);
    const { repo, base } = repoWithChange({ 'package-lock.json': `${lock}\n` });
    repo.write({ 'src/new.js': 'export const fresh = 1;\n' });
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--prompt-only', '--json'], repo.dir, {});
    expect(result.exitCode).toBe(0);
    const prompt = PromptOnlyOutputSchema.parse(JSON.parse(result.stdout)).prompts[0]!.prompt;
    expect(prompt).toContain('[Diff truncated - showing first 10KB]');
    const app = prompt.indexOf('+++ b/src/app.js');
    const fresh = prompt.indexOf('+++ b/src/new.js');
    const lockAt = prompt.indexOf('+++ b/package-lock.json');
    expect(app).toBeGreaterThan(0);
    expect(fresh).toBeGreaterThan(app);
    expect(lockAt).toBeGreaterThan(fresh);
    expect(prompt).toContain('+export const fresh = 1;');
    repo.cleanup();
  });

  it('--prompt-only prints the stage-1 prompt and needs no key', async () => {
    const { repo, base } = repoWithChange();
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--prompt-only', '--description=Compute the mean'], repo.dir, {});
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('CHANGE DESCRIPTION: Compute the mean');
    expect(result.stdout).toContain('## OVERALL ASSESSMENT');
    const json = await cli(['--mode=general-prompt', '--prompt=Why?', '--prompt-only', '--json'], repo.dir, {});
    expect(json.exitCode).toBe(0);
    const doc = PromptOnlyOutputSchema.parse(JSON.parse(json.stdout));
    expect(doc.prompts[0]!.prompt).toMatch(/^Why\?\n/);
    expect(server.requests).toHaveLength(0);
    repo.cleanup();
  });
});
