// --chunks, --diff-budget, --jobs, --exclude and --instructions-file through the built CLI, against
// temp git repositories and the loopback fake providers.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempRepo, startFakeProviderServer, type FakeProviderServer, type Protocol, type RecordedRequest } from '@adlc/testkit';
import { ConsensusOutputSchema, INSTRUCTIONS_TRUNCATED_NOTE } from '../src/index.js';
import { cli, isChairman, reviewText, SYNTHESIS_APPROVE } from './support.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const PROTOCOLS: Protocol[] = ['anthropic', 'gemini', 'openai'];
const lines = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `const ${tag}${i} = '${'x'.repeat(30)}';\n`).join('');

/** A change of about 5 KB over four files: src/big.js (changed in 8 places far apart) is larger than a 1 KB budget alone. */
function bigChange(extraHead: Record<string, string> = {}, extraBase: Record<string, string> = {}) {
  const big = lines(400, 'v');
  const repo = makeTempRepo({ files: { 'src/big.js': big, 'src/keep.js': 'export const keep = 1;\n', ...extraBase } });
  const base = repo.git('rev-parse', 'HEAD').trim();
  const changed = big
    .split('\n')
    .map((line, i) => (i % 50 === 10 ? `const changed${i} = true;` : line))
    .join('\n');
  const head = repo.commit('a larger change', {
    'src/big.js': changed,
    'src/a.js': lines(6, 'a'),
    'src/b.js': lines(6, 'b'),
    ...extraHead,
  });
  return { repo, base, head };
}

const stage1 = (protocol?: Protocol): RecordedRequest[] => server.requests.filter((r) => !isChairman(r) && (protocol === undefined || r.protocol === protocol));
const partOf = (prompt: string): number => Number(/^DIFF PART: (\d+) of/m.exec(prompt)?.[1] ?? 1);
/** The list under FILES CHANGED:, up to the blank line that ends it. */
const filesChanged = (prompt: string): string[] =>
  prompt
    .slice(prompt.indexOf('FILES CHANGED:\n') + 'FILES CHANGED:\n'.length)
    .split('\n\n')[0]!
    .split('\n')
    .map((l) => l.replace(/^- /, ''));

/** Each reviewer answers with one finding on the first file its part shows. */
function answerPerPart(): void {
  server.handle((request) => {
    if (isChairman(request)) return SYNTHESIS_APPROVE;
    const file = /^diff --git a\/(\S+) /m.exec(request.prompt)?.[1] ?? 'src/a.js';
    return reviewText({ severity: 'SUGGESTION', file, line: 1, description: `part ${partOf(request.prompt)} looks fine`, assessment: 'APPROVE' });
  });
}

describe('--chunks all: every reviewer reviews every part', () => {
  it('splits at file and hunk boundaries; each call has the whole file list; the chairman gets each reviewer as one review', async () => {
    const { repo, base, head } = bigChange();
    answerPerPart();
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024', '--json', '--seed=3'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    // Twelve calls in flight (three reviewers, --jobs 4) are normal use, not a listener leak for Node to warn about.
    expect(result.stderr).not.toContain('MaxListenersExceededWarning');
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    const chunks = doc.chunks!;
    expect(chunks).toMatchObject({ requested: 'all', budgetBytes: 1024, complete: true, excluded: [] });
    expect(chunks.count).toBeGreaterThan(3);
    expect(chunks.reviewed).toBe(chunks.count);
    expect(chunks.reviewedBytes).toBe(chunks.diffBytes);
    // File boundaries: the two small files share a part; hunk boundaries: the big file spans several.
    expect(chunks.list.filter((c) => c.files.includes('src/big.js')).length).toBeGreaterThan(1);
    expect(chunks.list.some((c) => c.files.includes('src/a.js') && c.files.includes('src/b.js'))).toBe(true);
    for (const chunk of chunks.list) {
      expect(chunk.bytes).toBeLessThanOrEqual(1024);
      expect(chunk.answered.sort()).toEqual(['Claude', 'Codex', 'Gemini']);
      expect(chunk.failed).toEqual([]);
    }

    const changedLines = Array.from({ length: 8 }, (_, k) => `+const changed${k * 50 + 10} = true;`);
    for (const protocol of PROTOCOLS) {
      const requests = stage1(protocol);
      expect(requests.map((r) => partOf(r.prompt)).sort((a, b) => a - b)).toEqual(chunks.list.map((c) => c.index));
      for (const request of requests) {
        expect(filesChanged(request.prompt)).toEqual(['src/a.js', 'src/b.js', 'src/big.js']);
        expect(request.prompt).toMatch(/^CHANGE DESCRIPTION: /m);
        const part = chunks.list[partOf(request.prompt) - 1]!;
        for (const file of part.files) expect(request.prompt).toContain(`diff --git a/${file} b/${file}\n`);
        if (part.files.includes('src/big.js')) expect(request.prompt).toContain('--- a/src/big.js\n+++ b/src/big.js\n@@ ');
      }
      // Every changed line reached this reviewer.
      const seen = requests.map((r) => r.prompt).join('\n');
      for (const line of changedLines) expect(seen).toContain(line);
    }

    // Each reviewer's findings from every part, each keeping its file and line.
    for (const reviewer of doc.reviewers) {
      expect(reviewer.findings.map((f) => f.description).sort()).toEqual(chunks.list.map((c) => `part ${c.index} looks fine`).sort());
      for (const finding of reviewer.findings) expect(finding).toMatchObject({ line: 1, file: expect.stringMatching(/^src\//) });
    }
    const chairman = server.requests.filter(isChairman);
    expect(chairman).toHaveLength(1);
    expect(chairman[0]!.prompt).toContain('REVIEWS RECEIVED (3 of 3)');
    for (const letter of ['A', 'B', 'C']) expect(chairman[0]!.prompt).toContain(`--- Reviewer ${letter} ---\n[Part 1 of ${chunks.count}: `);
    expect(chairman[0]!.prompt.match(/^\[Part \d+ of \d+: /gm)).toHaveLength(3 * chunks.count);
    expect(chairman[0]!.prompt).not.toContain('const v1 ='); // never the diff
    expect(doc.consensus.recommendation).toBe('approve');
    expect(doc.truncated).toBe(false);

    // The text report names the parts; the Markdown report has the table and every prompt.
    answerPerPart();
    const text = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024'], repo.dir, server.env());
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^Reviewed in ${chunks.count} of ${chunks.count} parts \\(at most 1024 bytes each\\): 1: src/a\\.js, src/b\\.js`, 'm'));
    expect(text.stdout).toContain('FINAL RECOMMENDATION: All reviewers approve - safe to merge');
    const report = readFileSync(/^Detailed breakdown: (.+)$/m.exec(text.stdout)![1]!, 'utf8');
    expect(report).toContain('## Diff parts');
    expect(report).toMatch(/\| 1 \| src\/a\.js, src\/b\.js \| .* \| answered by /);
    expect(report.match(/^### stage 1, part \d+ of \d+/gm)).toHaveLength(chunks.count);
    repo.cleanup();
  });

  it('--jobs bounds the calls in flight per reviewer', async () => {
    const { repo, base, head } = bigChange();
    const inFlight: Record<string, number> = { anthropic: 0, gemini: 0, openai: 0 };
    const most: Record<string, number> = { anthropic: 0, gemini: 0, openai: 0 };
    server.handle(async (request) => {
      if (isChairman(request)) return SYNTHESIS_APPROVE;
      inFlight[request.protocol]! += 1;
      most[request.protocol] = Math.max(most[request.protocol]!, inFlight[request.protocol]!);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight[request.protocol]! -= 1;
      return reviewText();
    });
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024', '--jobs=2', '--json'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(stage1()).toHaveLength(3 * doc.chunks!.count);
    for (const protocol of PROTOCOLS) expect(most[protocol]).toBeLessThanOrEqual(2);
    repo.cleanup();
  });

  it('a part every reviewer failed on is exit 1 with the report; a part one reviewer failed on is a note', async () => {
    const { repo, base, head } = bigChange();
    server.handle((request) => {
      if (isChairman(request)) return SYNTHESIS_APPROVE;
      return partOf(request.prompt) === 2 ? { status: 401, message: 'invalid x-api-key' } : reviewText();
    });
    const failed = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024'], repo.dir, server.env());
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toMatch(/error: part 2 of \d+ \([^)]+\) was not reviewed: every reviewer's call failed: Claude: .*401/);
    expect(server.requests.filter(isChairman)).toHaveLength(0);
    const reportPath = /detailed breakdown: (\S+)/.exec(failed.stderr)?.[1];
    expect(reportPath && existsSync(reportPath)).toBe(true);
    expect(readFileSync(reportPath!, 'utf8')).toMatch(/\| 2 \| .* \| no answer \| Claude: error: .*401/);

    server.reset();
    server.handle((request) => {
      if (isChairman(request)) return SYNTHESIS_APPROVE;
      return request.protocol === 'openai' && partOf(request.prompt) === 2 ? { status: 401, message: 'invalid key' } : reviewText();
    });
    const partial = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024', '--json'], repo.dir, server.env());
    expect(partial.exitCode, partial.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(partial.stdout));
    expect(doc.answered).toBe(3);
    expect(doc.chunks!.list[1]!.answered.sort()).toEqual(['Claude', 'Gemini']);
    expect(doc.chunks!.list[1]!.failed).toEqual([{ reviewer: 'Codex', status: 'error', error: expect.stringContaining('401') }]);
    expect(doc.warnings.some((w) => /^Codex did not review part 2 of \d+ \(.+\): .*401/.test(w))).toBe(true);
    expect(server.requests.find(isChairman)!.prompt).toContain('(no answer for this part: the call failed)');
    repo.cleanup();
  });
});

describe('a review of part of the diff', () => {
  it('--chunks 1 (the default) over the budget: the seed cut, and the recommendation says "first 10 KB reviewed"', async () => {
    const { repo, base, head } = bigChange({ 'src/large.js': lines(300, 'l') });
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText()));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--json'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(stage1()).toHaveLength(3);
    expect(stage1()[0]!.prompt).toContain('[Diff truncated - showing first 10KB]');
    expect(doc.truncated).toBe(true);
    expect(doc.chunks).toMatchObject({ requested: 1, count: 1, reviewed: 1, complete: false, budgetBytes: 10240 });
    expect(doc.consensus.recommendation).toBe('approve-partial');
    expect(doc.consensus.recommendationText).toMatch(/first 10 KB reviewed of \d+ KB/);
    expect(doc.consensus.recommendationText).toContain('not safe to merge');

    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText()));
    const text = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`], repo.dir, server.env());
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^Recommendation: Reviewers approve what they saw, first 10 KB reviewed of \d+ KB: not safe to merge/m);
    expect(text.stdout).toMatch(/^Note: only the first 10 KB reviewed of \d+ KB; the rest of the diff was not reviewed/m);
    repo.cleanup();
  });
});

describe('--exclude and --instructions-file', () => {
  it('keeps excluded paths out of every prompt and the file list (flag and config file)', async () => {
    const { repo, base, head } = bigChange(
      { 'dist/bundle.js': 'const BUNDLED = 1;\n', 'test/__snapshots__/a.test.js.snap': 'exports[`SNAPSHOT`] = 1;\n' },
      { 'adlc.config.json': JSON.stringify({ 'consensus-synthesis': { exclude: ['dist/**'] } }) },
    );
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText()));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024', '--exclude=*.snap', '--json'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    // A flag replaces the config file's list, as for every option: only *.snap is excluded here.
    expect(doc.chunks!.excluded).toEqual(['test/__snapshots__/a.test.js.snap']);
    for (const request of stage1()) {
      expect(request.prompt).not.toContain('SNAPSHOT');
      expect(filesChanged(request.prompt)).not.toContain('test/__snapshots__/a.test.js.snap');
    }
    expect(stage1().some((r) => r.prompt.includes('BUNDLED'))).toBe(true);

    server.reset();
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText()));
    const fromConfig = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024', '--json'], repo.dir, server.env());
    expect(fromConfig.exitCode, fromConfig.stderr).toBe(0);
    expect(ConsensusOutputSchema.parse(JSON.parse(fromConfig.stdout)).chunks!.excluded).toEqual(['dist/bundle.js']);
    for (const request of stage1()) {
      expect(request.prompt).not.toContain('BUNDLED');
      expect(filesChanged(request.prompt)).not.toContain('dist/bundle.js');
    }
    repo.cleanup();
  });

  it('adds the guidance to every reviewer prompt of every part, never the chairman; over 10 KB it is cut with a note', async () => {
    const { repo, base, head } = bigChange();
    const guide = path.join(repo.dir, '..', `guide-${path.basename(repo.dir)}.md`);
    writeFileSync(guide, 'Prefer early returns.\nEvery exported function needs a JSDoc comment.\n');
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText()));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', '--diff-budget=1024', `--instructions-file=${guide}`, '--json'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.instructions).toEqual({ file: guide, bytes: Buffer.byteLength(readFileSync(guide)), truncated: false });
    expect(stage1()).toHaveLength(3 * doc.chunks!.count);
    for (const request of stage1()) {
      expect(request.prompt).toMatch(/^TEAM REVIEW GUIDANCE .*:\nPrefer early returns\.\nEvery exported function needs a JSDoc comment\.\n/m);
      expect(request.prompt).not.toContain(INSTRUCTIONS_TRUNCATED_NOTE);
    }
    expect(server.requests.find(isChairman)!.prompt).not.toContain('Prefer early returns');

    server.reset();
    writeFileSync(guide, `${'Rule: keep functions short.\n'.repeat(500)}LAST RULE\n`);
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText()));
    const long = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, `--instructions-file=${guide}`, '--json'], repo.dir, server.env());
    expect(long.exitCode, long.stderr).toBe(0);
    expect(ConsensusOutputSchema.parse(JSON.parse(long.stdout)).instructions).toMatchObject({ truncated: true });
    for (const request of stage1()) {
      expect(request.prompt).toContain(`Rule: keep functions short.\n${INSTRUCTIONS_TRUNCATED_NOTE}\n`);
      expect(request.prompt).not.toContain('LAST RULE');
    }

    const missing = await cli(['--mode=code-review', `--base-sha=${base}`, '--instructions-file=no-such-guide.md'], repo.dir, server.env());
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^consensus-synthesis: error: cannot read --instructions-file no-such-guide\.md: no such file$/m);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    repo.cleanup();
  });
});
