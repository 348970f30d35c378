// consensus_fix, consensus_review and review_calibration through the SDK's Client against the built
// server, on real temporary repositories with the loopback fake providers: each answers its CLI's
// --json document (checked against the tool's outputSchema), a verdict is a normal result, an
// operational error is isError with the CLI's error document, stages arrive as progress notifications,
// reviews run side by side, and no key value reaches a result.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KEYS, makeTempRepo, startFakeProviderServer, type FakeProviderServer, type TempRepo } from '@adlc/testkit';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { BUGGY, FIX, fix, makeRepo, RAILS, REPRO, WRONG } from '../../consensus-fix/test/support.js';
import { isChairman, repoWithChange, reviewText, SYNTHESIS_APPROVE, SYNTHESIS_HIGH } from '../../consensus-synthesis/test/support.js';
import { errorOf, outputValidator, startClient, textOf, type TestClient } from './support.js';

let server: FakeProviderServer;
const repos: TempRepo[] = [];
const clients: TestClient[] = [];
let check: ReturnType<typeof outputValidator>;

beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterEach(() => server.reset());
afterAll(async () => {
  for (const c of clients) await c.close();
  await server.close();
  for (const r of repos) r.cleanup();
});

/** A client whose server starts in `repo` (no roots: the start directory is the one allowed root). */
async function clientIn(repo: TempRepo): Promise<TestClient> {
  repos.push(repo);
  const c = await startClient({ cwd: repo.dir, env: server.env() });
  clients.push(c);
  check ??= outputValidator(await c.tools());
  return c;
}

const noKeys = (value: unknown) => {
  for (const key of Object.values(FAKE_KEYS)) expect(JSON.stringify(value)).not.toContain(key);
};

describe('consensus_fix', () => {
  it('a dry run: the consensus winner, the tree untouched, the stages as progress notifications', async () => {
    const repo = makeRepo();
    const c = await clientIn(repo);
    server.handle(() => fix(FIX));
    const progress: Progress[] = [];
    const result = await c.call('consensus_fix', { cwd: repo.dir, testCmd: REPRO, rails: RAILS, files: ['src/calc.mjs'], n: 3 }, { onprogress: (p) => progress.push(p) });
    check('consensus_fix', result);
    expect(result.structuredContent).toMatchObject({ verdict: 'pass', summary: { total: 3, passed: 3, groups: 1 }, winner: { applied: false, changedLines: 2 } });
    expect(textOf(result)).toMatch(/^pass: /);
    expect(repo.read('src/calc.mjs')).toBe(BUGGY);
    expect(repo.status()).toBe('');
    const messages = progress.map((p) => p.message);
    expect(messages).toContain(`pre-flight: ${REPRO}`);
    expect(messages).toContain('completions 3/3');
    expect(messages.some((m) => /^candidate \d\/\d: running --rails$/.test(m ?? ''))).toBe(true);
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    noKeys(result);
  });

  it('apply: writes the winner', async () => {
    const repo = makeRepo();
    const c = await clientIn(repo);
    server.handle(() => fix(FIX));
    const result = await c.call('consensus_fix', { cwd: repo.dir, testCmd: REPRO, rails: RAILS, files: ['src/calc.mjs'], apply: true });
    check('consensus_fix', result);
    expect(result.structuredContent).toMatchObject({ verdict: 'pass', winner: { applied: true } });
    expect(repo.read('src/calc.mjs')).toBe(FIX);
  });

  it('editFormat reaches the run: a replace answer wins; the token limit comes from the server\'s ADLC_MAX_TOKENS', async () => {
    const repo = makeRepo();
    repos.push(repo);
    const c = await startClient({ cwd: repo.dir, env: { ...server.env(), ADLC_MAX_TOKENS: '3000' } });
    clients.push(c);
    check ??= outputValidator(await c.tools());
    const edits = { changes: [{ file: 'src/calc.mjs', edits: [{ search: '  return a - b;', replace: '  return a + b;' }] }] };
    server.handle(() => JSON.stringify(edits));
    const result = await c.call('consensus_fix', { cwd: repo.dir, testCmd: REPRO, rails: RAILS, files: ['src/calc.mjs'], n: 1, editFormat: 'replace' });
    check('consensus_fix', result);
    expect(result.structuredContent).toMatchObject({ verdict: 'pass', editFormat: 'replace', winner: { applied: false } });
    expect(server.requests.map((r) => r.maxTokens)).toEqual([3000]);
  });

  it('no surviving fix is a verdict, a normal result (not isError); the tree is untouched', async () => {
    const repo = makeRepo();
    const c = await clientIn(repo);
    server.handle(() => fix(WRONG));
    const result = await c.call('consensus_fix', { cwd: repo.dir, testCmd: REPRO, rails: RAILS, files: ['src/calc.mjs'] });
    check('consensus_fix', result);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ verdict: 'no-survivors', winner: null, summary: { passed: 0, failed: 3 } });
    expect(repo.read('src/calc.mjs')).toBe(BUGGY);
  });

  it('two calls on one repository run one after the other (never over a tree the other has changed)', async () => {
    const markers = join(mkdtempSync(join(tmpdir(), 'mcp-serial-')), 'rails.log');
    // The rails log when they start and end: interleaved starts would mean two runs in one tree at once.
    const marker = `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(markers)}, 'start\\n');\nsetTimeout(() => appendFileSync(${JSON.stringify(markers)}, 'end\\n'), 300);\n`;
    const rails = 'node test/marker.mjs';
    const repo = makeRepo({ 'test/marker.mjs': marker });
    const c = await clientIn(repo);
    server.handle(() => fix(FIX));
    const args = { cwd: repo.dir, testCmd: REPRO, rails, files: ['src/calc.mjs'], n: 1 };
    const [a, b] = await Promise.all([c.call('consensus_fix', args), c.call('consensus_fix', args)]);
    check('consensus_fix', a!);
    check('consensus_fix', b!);
    const lines = readFileSync(markers, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines).toEqual(lines.map((_, i) => (i % 2 === 0 ? 'start' : 'end')));
    expect(repo.status()).toBe('');
  });

  it('an operational error is isError with the CLI error document (a dirty tree, a missing file)', async () => {
    const repo = makeRepo();
    const c = await clientIn(repo);
    writeFileSync(join(repo.dir, 'src/calc.mjs'), `${BUGGY}// edited\n`);
    const dirty = errorOf(await c.call('consensus_fix', { cwd: repo.dir, testCmd: REPRO, files: ['src/calc.mjs'] }));
    expect(dirty).toMatchObject({ exitCode: 1, message: expect.stringMatching(/uncommitted changes/), hint: expect.stringContaining('--allow-dirty') });
    repo.git('checkout', '--', '.');
    const missing = errorOf(await c.call('consensus_fix', { cwd: repo.dir, testCmd: REPRO, files: ['src/nope.mjs'] }));
    expect(missing.message).toMatch(/^files src\/nope\.mjs does not exist/);
    expect(server.requests).toEqual([]);
  });

  it('an error names the arguments, not the CLI flags; a quoted command is left as written', async () => {
    const repo = makeRepo();
    const c = await clientIn(repo);
    const testCmd = `node --test ${join(repo.dir, 'test/add-repro.mjs')}`;
    const bad = errorOf(await c.call('consensus_fix', { cwd: repo.dir, testCmd, files: ['src/calc.mjs'], jobs: 2 }));
    expect(bad.message).toBe(`jobs > 1 runs commands in copies of the tree, but \`${testCmd}\` names the repository by its absolute path`);
    expect(bad.hint).toBe('use paths relative to the current directory, or jobs 1');
    expect(server.requests).toEqual([]);
  });
});

describe('consensus_review', () => {
  it('code-review: the consensus document; a failed gate is a normal result, not an error', async () => {
    const { repo, base, head } = repoWithChange();
    const c = await clientIn(repo);
    server.handle((request) => (isChairman(request) ? SYNTHESIS_HIGH : reviewText({ severity: 'CRITICAL' })));
    const progress: Progress[] = [];
    const result = await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base, headSha: head, description: 'Compute the mean' }, { onprogress: (p) => progress.push(p) });
    check('consensus_review', result);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ mode: 'code-review', answered: 3, total: 3, gate: { failed: true, failOn: 'high' } });
    expect(textOf(result).split('\n')).toContain('gate FAIL: 1 High Priority issue (--fail-on high)');
    expect(progress.map((p) => p.message)).toEqual(expect.arrayContaining(['Stage 1: Collecting reviews... 3/3 complete', expect.stringMatching(/^Stage 2: .* is compiling the consensus\.\.\.$/)]));
  });

  it('chunks and exclude are the CLI\'s --chunks and --exclude: a diff over the budget is reviewed whole', async () => {
    const big = Array.from({ length: 600 }, (_, i) => `export const v${i} = '${'x'.repeat(30)}';\n`).join('');
    const { repo, base, head } = repoWithChange({ 'src/big.js': big, 'dist/out.js': big });
    const c = await clientIn(repo);
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText({ assessment: 'APPROVE' })));
    const first = await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base, headSha: head, exclude: ['dist/**'] });
    check('consensus_review', first);
    expect(first.structuredContent).toMatchObject({ chunks: { requested: 1, complete: false, excluded: ['dist/out.js'] } });
    const whole = await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base, headSha: head, chunks: 'all', exclude: ['dist/**'] });
    check('consensus_review', whole);
    const chunks = (whole.structuredContent as { chunks: { count: number; complete: boolean; requested: unknown } }).chunks;
    expect(chunks).toMatchObject({ requested: 'all', complete: true });
    expect(chunks.count).toBeGreaterThan(1);
    expect(server.requests.some((r) => r.prompt.includes('dist/out.js'))).toBe(false);
  });

  it('general-prompt: question is the prompt', async () => {
    const { repo } = repoWithChange();
    const c = await clientIn(repo);
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : 'A queue is fine here.'));
    const result = await c.call('consensus_review', { cwd: repo.dir, mode: 'general-prompt', question: 'Is a queue right here?', failOn: 'never' });
    check('consensus_review', result);
    expect(result.structuredContent).toMatchObject({ mode: 'general-prompt', answered: 3 });
    expect(server.requests.some((r) => r.prompt.includes('Is a queue right here?'))).toBe(true);
  });

  it('the repository\'s adlc.config.json decides what an argument leaves out; an argument beats it; a bad file is an error naming it', async () => {
    const { repo, base } = repoWithChange();
    repo.commit('configure adlc', { 'adlc.config.json': JSON.stringify({ 'consensus-synthesis': { failOn: 'never', reviewers: ['anthropic', 'gemini'] } }) });
    const c = await clientIn(repo);
    server.handle((request) => (isChairman(request) ? SYNTHESIS_HIGH : reviewText({ severity: 'CRITICAL' })));
    const fromFile = await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base });
    check('consensus_review', fromFile);
    expect(fromFile.structuredContent).toMatchObject({ total: 2, gate: { failOn: 'never', failed: false } });
    const overridden = await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base, failOn: 'high' });
    expect(overridden.structuredContent).toMatchObject({ total: 2, gate: { failOn: 'high', failed: true } });
    server.reset();
    writeFileSync(join(repo.dir, 'adlc.config.json'), JSON.stringify({ 'consensus-synthesis': { minReviewers: 0 } }));
    const bad = errorOf(await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base }));
    expect(bad.message).toBe('adlc.config.json: "consensus-synthesis.minReviewers" is 0; expected a whole number from 1 to 100');
    expect(server.requests).toEqual([]);
  });

  it('code-review without baseSha: the error names the argument, not --base-sha', async () => {
    const { repo } = repoWithChange();
    const c = await clientIn(repo);
    const missing = errorOf(await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review' }));
    expect(missing).toMatchObject({ exitCode: 1, message: 'mode=code-review needs baseSha', hint: 'e.g. baseSha=main (any ref; headSha omitted reviews the working tree)' });
    expect(server.requests).toEqual([]);
  });

  it('a key value a model echoes never reaches the result', async () => {
    const { repo, base } = repoWithChange();
    const c = await clientIn(repo);
    const leak = `the key is ${FAKE_KEYS.OPENAI_API_KEY} and ${FAKE_KEYS.ANTHROPIC_API_KEY}`;
    server.handle((request) => (isChairman(request) ? `${SYNTHESIS_APPROVE}\n${leak}` : reviewText({ severity: 'SUGGESTION', description: leak, assessment: 'APPROVE' })));
    const result = await c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base });
    check('consensus_review', result);
    noKeys(result);
    expect(JSON.stringify(result.structuredContent)).toContain('[REDACTED]');
  });

  it('two reviews run side by side: each waits for the other to have asked its reviewers', async () => {
    const { repo, base } = repoWithChange();
    const c = await clientIn(repo);
    // Every reviewer answer waits until both reviews have sent all three stage-1 requests: run one
    // after the other, the first review would never get its answers (and the test would time out).
    let release!: () => void;
    const both = new Promise<void>((resolve) => (release = resolve));
    server.handle(async (request) => {
      if (isChairman(request)) return SYNTHESIS_APPROVE;
      if (server.requests.filter((r) => !isChairman(r)).length >= 6) release();
      await both;
      return reviewText({ assessment: 'APPROVE' });
    });
    const [a, b] = await Promise.all([0, 1].map(() => c.call('consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base })));
    check('consensus_review', a!);
    check('consensus_review', b!);
  });
});

describe('review_calibration', () => {
  it('plants, runs the reviewer, scores: the calibration document, the plants taken out again', async () => {
    const MATH = (sep: string) => `export function clamp(value, low, high) {\n  if (value < low) return low;\n  if (value > high) return high;\n  return value${sep};\n}\n\nexport function between(value, low, high) {\n  return value >= low && value <= high;\n}\n\nexport function lastIndex(values) {\n  return values.length - 1;\n}\n`;
    const repo = makeTempRepo({ files: { 'package.json': '{"type": "module"}\n', 'src/math.js': MATH(' ') } });
    repo.commit('tidy', { 'src/math.js': MATH('') });
    const c = await clientIn(repo);
    const reviewCmd = `node -e "console.log(JSON.stringify({findings: []}))"`;
    // The commit changes one line, so one plant fits: this test is about the round trip, not the run's size.
    const result = await c.call('review_calibration', { cwd: repo.dir, reviewCmd, scorer: 'repro', plants: 2, minPlants: 1, minRecall: 0 }, { onprogress: () => undefined });
    check('review_calibration', result);
    expect(result.structuredContent).toMatchObject({ recall: 0, caught: 0, gatePass: true, scorer: 'repro' });
    expect(readFileSync(join(repo.dir, 'src/math.js'), 'utf8')).toBe(MATH(''));
    expect(repo.status()).toBe('');
  });

  it('fewer plants than minPlants: the error names both arguments', async () => {
    const repo = makeTempRepo({ files: { 'src/math.js': 'export const one = 1;\n' } });
    const c = await clientIn(repo);
    const few = errorOf(await c.call('review_calibration', { cwd: repo.dir, reviewCmd: 'node -e "0"', scorer: 'repro', plants: 2, minPlants: 5 }));
    expect(few).toMatchObject({ exitCode: 1, message: 'plants 2 is below minPlants 5', hint: 'ask for more plants, or lower minPlants' });
    expect(repo.status()).toBe('');
  });
});
