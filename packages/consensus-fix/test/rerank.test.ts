// A model picks among the ranked files (--localize model, or no clear winner): the built CLI on a real
// repository with a real `node --test` run, the real SDK against the loopback fake. Its picks are
// kept when they are among the files shown; a test file, a path outside the repository and a file not
// shown are dropped; an answer with nothing left, an invalid one or a failed call keeps the
// deterministic top.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type RecordedRequest, type TempRepo } from '@adlc/testkit';
import { LEDGER_REPRO, ledgerPackage } from '../../localize/test/fixtures.js';
import { hasClearWinner, judgePicks, rerankTrigger } from '../src/localization/rerank.js';
import { LogEventSchema } from '../src/output/log-event-schema.js';
import { LocalizeModelOutputSchema, LocalizeOnlyOutputSchema } from '../src/output/schema.js';
import { answer, BIN, parseOutput, useSuite } from './support.js';

const suite = useSuite('rerank');
const TEST_CMD = LEDGER_REPRO['wrong-value'];
const isRerank = (q: RecordedRequest) => q.prompt.includes('Which of these files should the fix change?');
const pick = (...files: Array<[string, string]>) => JSON.stringify({ files: files.map(([file, reason]) => ({ file, reason })) });

/** The deterministic ranking of the ledger's wrong-value bug, computed once with no model. */
let rankingP: Promise<string[]> | undefined;
function deterministicRanking(): Promise<string[]> {
  rankingP ??= (async () => {
    const r = suite.repo(ledgerPackage('wrong-value'));
    const res = await runCli(BIN, ['--test-cmd', TEST_CMD, '--localize-only', '--json', '--max-files', '10'], { cwd: r.dir, env: {} });
    expect(res.exitCode, res.stderr).toBe(0);
    return LocalizeOnlyOutputSchema.parse(JSON.parse(res.stdout)).localization.files.map((f) => f.file);
  })();
  return rankingP;
}

async function localizeModel(r: TempRepo, reply: string, extra: string[] = []) {
  suite.server.handle(() => reply, 'anthropic');
  const res = await runCli(BIN, ['--test-cmd', TEST_CMD, '--localize-only', '--localize', 'model', '--json', ...extra], { cwd: r.dir, env: suite.server.env() });
  expect(res.exitCode, res.stderr).toBe(0);
  return { res, doc: LocalizeModelOutputSchema.parse(JSON.parse(res.stdout)) };
}

describe('the rules (pure)', () => {
  it.each([
    [[5, 4], 'auto', 1, 'no-clear-winner'],
    [[9, 4], 'auto', 1, null],
    [[5, 4], 'auto', 2, null], // every ranked file is allowed anyway
    [[9, 4], 'model', 1, 'localize-model'],
    [[5, 4], 'deterministic', 1, null],
    [[], 'model', 3, null],
  ] as const)('scores %j, --localize %s, --max-files %i: %s', (scores, mode, maxFiles, trigger) => {
    expect(rerankTrigger(mode, scores, maxFiles)).toBe(trigger);
  });

  it('a clear winner is 1.5 times the second', () => {
    expect(hasClearWinner([3, 2])).toBe(true);
    expect(hasClearWinner([2.9, 2])).toBe(false);
    expect(hasClearWinner([1])).toBe(true);
  });

  it('keeps picks among the shown files, in order, within --max-files; names why the others go', () => {
    const shown = ['lib/a.js', 'lib/b.js', 'lib/c.js'];
    const answer = { files: ['test/a.test.js', '../x.js', '/etc/passwd', 'lib/z.js', './lib/b.js', 'lib/b.js', 'lib/a.js', 'lib/c.js'].map((file) => ({ file, reason: 'r' })) };
    const { chosen, rejected } = judgePicks(answer, shown, 2);
    expect(chosen.map((c) => c.file)).toEqual(['lib/b.js', 'lib/a.js']);
    expect(rejected.map((r) => [r.file, r.why])).toEqual([
      ['test/a.test.js', 'a test file (the test is the specification)'],
      ['../x.js', 'outside the repository'],
      ['/etc/passwd', 'outside the repository'],
      ['lib/z.js', 'not among the 10 files shown'],
      ['lib/c.js', 'over --max-files 2'],
    ]);
  });
});

describe('--localize model', () => {
  it('--localize-only: one cheap call sees the failing message and each file\'s outline; its pick and reason replace the top, the ranking is kept beside it', async () => {
    const ranking = await deterministicRanking();
    expect(ranking.length).toBeGreaterThan(2);
    const r = suite.repo(ledgerPackage('wrong-value'));
    const { res, doc } = await localizeModel(r, pick([ranking[1]!, 'the default is merged there']), ['--max-files', '1']);
    const [request, ...more] = suite.server.requestsFor('anthropic');
    expect(more).toEqual([]);
    expect(isRerank(request!)).toBe(true);
    expect(request!.model).toMatch(/haiku/); // the cheap tier
    expect(request!.prompt).toContain('mergeDefaults('); // an exported signature
    expect(request!.prompt).toContain('the failing run executed:');
    expect(request!.prompt).toContain('FAILING TEST: mergeDefaults does not pollute Object.prototype');
    for (const file of ranking) expect(request!.prompt).toContain(`file: ${file} `);

    expect(doc.localization.files.map((f) => f.file)).toEqual([ranking[1]]);
    expect(doc.rerank).toMatchObject({ trigger: 'localize-model', fallback: null, chosen: [{ file: ranking[1], reason: 'the default is merged there' }], files: [ranking[1]] });
    expect(doc.rerank!.ranking.map((f) => f.file)).toEqual(ranking);
    expect(res.stderr).toContain(`the model picked: ${ranking[1]} (the default is merged there)`);
    expect(res.stderr).toContain(`the deterministic ranking it picked from: 1. ${ranking[0]} `);
    expect(r.status()).toBe('');
  });

  it('a hostile answer: the test file, the paths outside the repository and the file not shown are dropped and named; the valid pick stays', async () => {
    const ranking = await deterministicRanking();
    const r = suite.repo(ledgerPackage('wrong-value'));
    const hostile: Array<[string, string]> = [['test/defaults.test.js', 'weaken the test'], ['../../etc/passwd', 'x'], ['/etc/hosts', 'x'], ['lib/nowhere.js', 'x']];
    const { res, doc } = await localizeModel(r, pick(...hostile, [ranking[2]!, 'ok']));
    expect(doc.rerank!.rejected.map((x) => x.why)).toEqual(['a test file (the test is the specification)', 'outside the repository', 'outside the repository', 'not among the 10 files shown']);
    expect(doc.localization.files.map((f) => f.file)).toEqual([ranking[2]]);
    expect(res.stderr).toContain('"test/defaults.test.js" was dropped: a test file');
    expect(res.stderr).toContain('"../../etc/passwd" was dropped: outside the repository');
  });

  it('an answer of hostile picks only, an invalid answer, a failed call: the deterministic top --max-files, said on stderr', async () => {
    const ranking = await deterministicRanking();
    for (const [reply, why] of [
      [pick(['test/defaults.test.js', 'x'], ['../outside.js', 'y']), 'the answer picked none of the files shown'],
      ['lib/defaults.js, I think', 'the answer is invalid'],
    ] as const) {
      const r = suite.repo(ledgerPackage('wrong-value'));
      const { res, doc } = await localizeModel(r, reply);
      expect(doc.localization.files.map((f) => f.file)).toEqual(ranking.slice(0, 3));
      expect(doc.rerank!.fallback).toContain(why);
      expect(res.stderr).toContain('keeping the deterministic top 3');
      suite.server.reset();
    }
    const r = suite.repo(ledgerPackage('wrong-value'));
    suite.server.handle(() => ({ status: 400, message: 'bad request' }), 'anthropic');
    const res = await runCli(BIN, ['--test-cmd', TEST_CMD, '--localize-only', '--localize', 'model', '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = LocalizeModelOutputSchema.parse(JSON.parse(res.stdout));
    expect(doc.rerank!.fallback).toMatch(/^the call failed/);
    expect(doc.localization.files.map((f) => f.file)).toEqual(ranking.slice(0, 3));
  });

  it('--localize-only without --localize model asks no model, even with a key set, and prints exactly {localization}', async () => {
    const r = suite.repo(ledgerPackage('wrong-value'));
    suite.server.handle(() => pick(['lib/line.js', 'x']), 'anthropic');
    const res = await runCli(BIN, ['--test-cmd', TEST_CMD, '--localize-only', '--json', '--max-files', '1'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(suite.server.requests).toEqual([]);
    LocalizeOnlyOutputSchema.parse(JSON.parse(res.stdout));
  });

  it('no clear winner (the default --localize auto): the pick is asked for in a full run, and the fix of the picked file wins; --localize deterministic asks nothing', async () => {
    // The ledger's throwing bug: lib/amount.js scores under 1.5 times lib/index.js, the caller in its trace.
    const fixed = String(ledgerPackage('fixed')['lib/amount.js']);
    const r = suite.repo(ledgerPackage('throws'));
    suite.server.handle((q) => (isRerank(q) ? pick(['lib/amount.js', 'parseAmount throws there']) : answer(['lib/amount.js', fixed])), 'anthropic');
    const res = await runCli(BIN, ['--test-cmd', LEDGER_REPRO.throws, '--max-files', '1', '--n', '2', '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/the ranking has no clear winner \(top [\d.]+, second [\d.]+\): a cheap model picks/);
    const doc = parseOutput(res.stdout);
    expect(doc.rerank).toMatchObject({ trigger: 'no-clear-winner', fallback: null, files: ['lib/amount.js'] });
    expect(doc.rerank!.ranking.length).toBeGreaterThan(1);
    expect(doc.winner!.changes.map((c) => c.file)).toEqual(['lib/amount.js']);
    expect(suite.server.requestsFor('anthropic').filter(isRerank)).toHaveLength(1);

    suite.server.reset();
    const again = suite.repo(ledgerPackage('throws'));
    suite.server.handle((q) => (isRerank(q) ? pick(['lib/amount.js', 'x']) : answer(['lib/amount.js', fixed])), 'anthropic');
    const plain = await runCli(BIN, ['--test-cmd', LEDGER_REPRO.throws, '--max-files', '1', '--n', '2', '--json', '--localize', 'deterministic'], { cwd: again.dir, env: suite.server.env() });
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(suite.server.requestsFor('anthropic').filter(isRerank)).toEqual([]);
    expect(parseOutput(plain.stdout).rerank).toBeUndefined();
  });

  it('a full run: the candidates may change only the picked file; --json and --log-dir carry the pick and the ranking', async () => {
    const ranking = await deterministicRanking();
    const chosen = ranking[1]!;
    const r = suite.repo(ledgerPackage('wrong-value'));
    const logDir = join(suite.scratch, 'log-full');
    suite.server.handle((q) => (isRerank(q) ? pick([chosen, 'picked']) : answer([chosen, `${r.read(chosen)}// touched\n`])), 'anthropic');
    const res = await runCli(BIN, ['--test-cmd', TEST_CMD, '--localize', 'model', '--max-files', '1', '--n', '2', '--json', '--log-dir', logDir], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(2); // the picked file holds no fix: the gate fails as any run without a survivor
    const candidatePrompts = suite.server.requestsFor('anthropic').filter((q) => !isRerank(q)).map((q) => q.prompt);
    expect(candidatePrompts).toHaveLength(2);
    for (const p of candidatePrompts) {
      expect(p).toContain(`=== FILE: ${chosen} ===`);
      expect(p).not.toContain(`=== FILE: ${ranking[0]} ===`);
    }
    const doc = parseOutput(res.stdout);
    expect(doc.localization!.files.map((f) => f.file)).toEqual([chosen]);
    expect(doc.rerank).toMatchObject({ trigger: 'localize-model', files: [chosen] });
    expect(doc.rerank!.ranking.map((f) => f.file)).toEqual(ranking);
    expect(JSON.parse(readFileSync(join(logDir, 'rerank.json'), 'utf8'))).toEqual(doc.rerank);
    const events = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => LogEventSchema.parse(JSON.parse(l)));
    expect(events.find((e) => e.event === 'rerank')).toMatchObject({ files: [chosen] });
    expect(r.status()).toBe('');
  });
});
