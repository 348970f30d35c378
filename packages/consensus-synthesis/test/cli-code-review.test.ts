import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startFakeProviderServer, type FakeProviderServer } from '@adlc/testkit';
import { ConsensusOutputSchema } from '../src/index.js';
import { cli, isChairman, repoWithChange, reviewText, SYNTHESIS_APPROVE, SYNTHESIS_HIGH } from './support.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

/** Every reviewer answers `review`; the chairman (whoever is asked) answers `synthesis`. */
function script(review: string, synthesis: string): void {
  server.handle((request) => (isChairman(request) ? synthesis : review));
}

describe('code-review mode through the built CLI', () => {
  it('3/3: prints the headline, the synthesis verbatim and the report path; exit 2 on High Priority', async () => {
    const { repo, base, head } = repoWithChange();
    const status = repo.status();
    script(reviewText({ severity: 'CRITICAL' }), SYNTHESIS_HIGH);
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--head-sha', head, '--description=Compute the mean', '--seed=7'], repo.dir, server.env());
    expect(result.exitCode).toBe(2);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^Consensus \(code review\) from 3\/3 reviewers, chaired by Claude \(/);
    for (const line of SYNTHESIS_HIGH.split('\n')) expect(lines).toContain(line);
    expect(result.stdout).toMatch(/Gate: FAIL: 1 High Priority issue \(--fail-on high\)/);
    const reportPath = /^Detailed breakdown: (.+)$/m.exec(result.stdout)?.[1];
    expect(reportPath).toBeDefined();
    expect(statSync(reportPath!).mode & 0o777).toBe(0o600);
    const report = readFileSync(reportPath!, 'utf8');
    for (const name of ['Claude', 'Gemini', 'Codex']) expect(report).toMatch(new RegExp(`### Reviewer [ABC]: ${name}`));
    expect(report.match(/Division by zero when count is 0\./g)?.length).toBeGreaterThanOrEqual(3);
    expect(report).toContain('FINAL RECOMMENDATION: Address high priority issues before merging');
    expect(report).toContain('export function mean'); // the original context
    for (const key of Object.values(FAKE_KEYS)) {
      expect(report).not.toContain(key);
      expect(result.stdout + result.stderr).not.toContain(key);
    }
    // One stage-1 call per provider plus one chairman call, and nothing left in the work tree.
    expect(server.requests.filter((r) => !isChairman(r)).map((r) => r.protocol).sort()).toEqual(['anthropic', 'gemini', 'openai']);
    expect(server.requests.filter(isChairman).map((r) => r.protocol)).toEqual(['anthropic']);
    expect(repo.status()).toBe(status);
    repo.cleanup();
  });

  it('--json: one document the exported schema accepts, findings with file and line; exit 0 on approve', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText({ severity: 'SUGGESTION', line: 2, assessment: 'APPROVE' }), SYNTHESIS_APPROVE);
    const result = await cli(['--mode', 'code-review', '--base-sha', base, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.answered).toBe(3);
    expect(doc.total).toBe(3);
    expect(doc.consensus.recommendation).toBe('approve');
    expect(doc.gate.failed).toBe(false);
    expect(doc.reviewers.map((r) => r.letter).sort()).toEqual(['A', 'B', 'C']);
    for (const reviewer of doc.reviewers) {
      expect(reviewer.status).toBe('ok');
      expect(reviewer.assessment).toBe('APPROVE');
      expect(reviewer.findings).toEqual([
        { severity: 'SUGGESTION', file: 'src/app.js', line: 2, endLine: null, description: 'Division by zero when count is 0.', reviewer: reviewer.name },
      ]);
    }
    expect(doc.synthesis).toBe(SYNTHESIS_APPROVE);
    expect(doc.usage.inputTokens).toBeGreaterThan(0);
    // Off a TTY (a CI log), one plain line as each phase starts; stdout is the document alone.
    expect(result.stderr.split('\n')).toContain('consensus-synthesis: Stage 1: Collecting reviews... 0/3 complete');
    expect(result.stderr).toMatch(/^consensus-synthesis: Stage 2: .+ is compiling the consensus\.\.\.$/m);
    expect(result.stderr).not.toContain('\u001b');
    script(reviewText({ severity: 'SUGGESTION', line: 2, assessment: 'APPROVE' }), SYNTHESIS_APPROVE);
    const quiet = await cli(['--mode', 'code-review', '--base-sha', base, '--json', '--quiet'], repo.dir, server.env());
    expect(quiet.exitCode, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toMatch(/Stage 1/);
    repo.cleanup();
  });

  it('--fail-on never exits 0 on High Priority; --fail-on medium fails on a medium-only consensus', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText({ severity: 'CRITICAL' }), SYNTHESIS_HIGH);
    const never = await cli(['--mode=code-review', `--base-sha=${base}`, '--fail-on=never', '--json'], repo.dir, server.env());
    expect(never.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(never.stdout));
    expect(doc.consensus.high).toHaveLength(1);
    expect(doc.gate).toMatchObject({ failOn: 'never', failed: false });

    const medium = SYNTHESIS_APPROVE.replace('## Medium Priority - Single Reviewer, Significant\nNone', '## Medium Priority - Single Reviewer, Significant\n- [IMPORTANT] Empty input\n  - Reviewer A: "xs may be empty"').replace(
      'All reviewers approve - safe to merge',
      'Review medium priority concerns',
    );
    script(reviewText({ severity: 'IMPORTANT' }), medium);
    const high = await cli(['--mode=code-review', `--base-sha=${base}`], repo.dir, server.env());
    expect(high.exitCode).toBe(0);
    const failMedium = await cli(['--mode=code-review', `--base-sha=${base}`, '--fail-on', 'medium'], repo.dir, server.env());
    expect(failMedium.exitCode).toBe(2);
    expect(failMedium.stdout).toContain('Gate: FAIL: 1 Medium Priority issue (--fail-on medium)');
    repo.cleanup();
  });

  it('one reviewer hanging past --timeout: 2/3, noted with its cause', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText({ severity: 'CRITICAL' }), SYNTHESIS_HIGH);
    server.handle(() => ({ hang: true }), 'gemini');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--timeout=1'], repo.dir, server.env());
    expect(result.exitCode).toBe(2);
    expect(result.stdout.split('\n')[0]).toContain('from 2/3 reviewers');
    expect(result.stdout).toMatch(/Note: Gemini did not answer: .*timeout: no answer within 1s/);
    const chairman = server.requests.find(isChairman)!;
    expect(chairman.prompt).toContain('REVIEWS RECEIVED (2 of 3)');
    expect(chairman.prompt).not.toContain('Reviewer C');
    repo.cleanup();
  });

  it('a review cut off at the token limit is reported as truncated, not counted, and never shown to the chairman', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText({ severity: 'CRITICAL' }), SYNTHESIS_HIGH);
    server.handle(() => ({ text: 'OVERALL ASSESSMENT: APPROVE\nCONCERNS:\n- [SUGGESTION] src/app.js:2 - half a sent', truncated: true }), 'gemini');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.answered).toBe(2);
    const gemini = doc.reviewers.find((r) => r.name === 'Gemini')!;
    expect(gemini).toMatchObject({ status: 'truncated', letter: null, findings: [], assessment: null });
    expect(gemini.text).toContain('half a sent');
    expect(gemini.error).toMatch(/stopped at its token limit \(16384\).*raise ADLC_MAX_TOKENS/);
    expect(doc.warnings).toContainEqual(expect.stringMatching(/^Gemini was cut off: /));
    const chairman = server.requests.find(isChairman)!;
    expect(chairman.prompt).toContain('REVIEWS RECEIVED (2 of 3)');
    expect(chairman.prompt).not.toContain('half a sent');
    const report = readFileSync(doc.reportPath!, 'utf8');
    expect(report).toMatch(/### Gemini\n\n- Provider: gemini .*\n- Status: truncated/);
    expect(report).toContain('Not counted as a review');
    repo.cleanup();
  });

  it('a chairman cut off at the token limit does not chair: the next one does', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText({ severity: 'CRITICAL' }), SYNTHESIS_HIGH);
    server.handle((r) => (isChairman(r) ? { text: SYNTHESIS_HIGH.slice(0, 80), truncated: true } : reviewText({ severity: 'CRITICAL' })), 'anthropic');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.chairman).toMatchObject({ name: 'Gemini' });
    expect(doc.chairman!.failed).toEqual([expect.objectContaining({ name: 'Claude', status: 'truncated' })]);
    expect(doc.synthesis).toBe(SYNTHESIS_HIGH);
    repo.cleanup();
  });

  it('two reviewers failing: 1/3, a single analysis with a warning; High Priority is impossible', async () => {
    const { repo, base } = repoWithChange();
    server.handle(() => ({ status: 401, message: 'invalid x-api-key' }), 'openai');
    server.handle(() => ({ status: 503, message: 'model overloaded' }), 'gemini');
    server.handle((r) => (isChairman(r) ? SYNTHESIS_HIGH : reviewText({ severity: 'CRITICAL' })), 'anthropic');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.answered).toBe(1);
    expect(doc.warnings[0]).toMatch(/^WARNING: only 1 of 3 reviewers answered/);
    expect(result.stderr).toMatch(/single reviewer/);
    const byName = Object.fromEntries(doc.reviewers.map((r) => [r.name, r]));
    expect(byName.Codex).toMatchObject({ status: 'error', letter: null, text: null });
    expect(byName.Codex!.error).toMatch(/HTTP 401: .*invalid x-api-key/);
    expect(byName.Gemini!.error).toMatch(/HTTP 503: .*model overloaded.* \(after 3 attempts\)/);
    // The chairman's lone "High Priority" item is moved down: one reviewer cannot agree with itself.
    expect(doc.consensus.high).toEqual([]);
    expect(doc.consensus.medium).toHaveLength(1);
    expect(doc.consensus.medium[0]!.demoted).toEqual({ from: 'high', reason: 'only one reviewer answered, so no issue has agreement' });
    // One note for the move, not a second one from the two-reviewer rule.
    expect(doc.warnings.filter((w) => /moved to Medium Priority/.test(w))).toHaveLength(1);
    expect(result.exitCode).toBe(0);
    expect(server.requests.find(isChairman)!.prompt).toContain('REVIEWS RECEIVED (1 of 3)');
    repo.cleanup();
  });

  it('a High Priority item only one reviewer cites moves to Medium: not the high-gate failure; --json and the report say so', async () => {
    const { repo, base } = repoWithChange();
    const oneVoice = SYNTHESIS_HIGH.replace('  - Reviewer B: "count can be 0"\n', '');
    script(reviewText({ severity: 'CRITICAL' }), oneVoice);
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--seed=7', '--json'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.answered).toBe(3);
    const a = doc.reviewers.find((r) => r.letter === 'A')!.name;
    expect(doc.consensus.high).toEqual([]);
    expect(doc.consensus.medium).toHaveLength(1);
    expect(doc.consensus.medium[0]).toMatchObject({
      reviewers: [a],
      demoted: { from: 'high', reason: `cites only ${a}; High Priority needs at least 2 reviewers who agree` },
    });
    expect(doc.consensus.recommendation).toBe('review-medium');
    expect(doc.gate).toEqual({ failOn: 'high', failed: false, reason: '1 Medium Priority issue (--fail-on high)' });
    const note = doc.warnings.filter((w) => /moved to Medium Priority/.test(w));
    expect(note).toEqual([`High Priority item moved to Medium Priority: "Division by zero when count is 0 (src/app.js:2)" cites only ${a}; High Priority needs at least 2 reviewers who agree`]);
    expect(readFileSync(doc.reportPath!, 'utf8')).toContain(`- ${note[0]}`);
    // --fail-on medium still gates on it.
    const medium = await cli(['--mode=code-review', `--base-sha=${base}`, '--seed=7', '--fail-on=medium'], repo.dir, server.env());
    expect(medium.exitCode).toBe(2);
    expect(medium.stdout).toContain(`Note: ${note[0]}`);
    repo.cleanup();
  });

  it('all reviewers failing: exit 1 naming each cause, never a verdict', async () => {
    const { repo, base } = repoWithChange();
    server.handle(() => ({ status: 401, message: 'bad key' }));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/no reviewer answered \(0\/3\)/);
    for (const name of ['Claude', 'Gemini', 'Codex']) expect(result.stderr).toContain(`${name} did not answer`);
    expect(JSON.parse(result.stdout).error.exitCode).toBe(1);
    // A key refused (401) is told to check the key, not the model names and --timeout.
    expect(JSON.parse(result.stdout).error.hint).toMatch(/^check the provider's key \(its \*_API_KEY variable\): it was refused; detailed breakdown: /);
    expect(server.requests.some(isChairman)).toBe(false);
    const reportPath = /detailed breakdown: (\S+)/.exec(result.stderr)?.[1];
    expect(readFileSync(reportPath!, 'utf8')).toContain('HTTP 401: bad key');
    repo.cleanup();
  });

  it('chairman Claude timing out: Gemini chairs, and the report says why', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText({ severity: 'CRITICAL' }), SYNTHESIS_HIGH);
    server.handle((r) => (isChairman(r) ? { hang: true } : reviewText({ severity: 'CRITICAL' })), 'anthropic');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--timeout=1', '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.chairman).toMatchObject({ name: 'Gemini', provider: 'gemini' });
    expect(doc.chairman!.failed).toEqual([expect.objectContaining({ name: 'Claude', status: 'timeout' })]);
    expect(server.requests.filter(isChairman).map((r) => r.protocol)).toEqual(['anthropic', 'gemini']);
    expect(readFileSync(doc.reportPath!, 'utf8')).toMatch(/Claude \(.*\) could not chair: .*timeout/);
    repo.cleanup();
  });

  it('all chairmen failing: exit 1', async () => {
    const { repo, base } = repoWithChange();
    server.handle((r) => (isChairman(r) ? { status: 400, message: 'context too long' } : reviewText()));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/every chairman failed: Claude could not chair: .*HTTP 400: context too long; Gemini could not chair: .*; Codex could not chair: /);
    expect(server.requests.filter(isChairman).map((r) => r.protocol)).toEqual(['anthropic', 'gemini', 'openai']);
    repo.cleanup();
  });

  it('a chairman answer without the report format goes to the next chairman', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText(), SYNTHESIS_APPROVE);
    server.handle((r) => (isChairman(r) ? 'Looks good to me.' : reviewText()), 'anthropic');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.chairman!.name).toBe('Gemini');
    expect(doc.chairman!.failed[0]!.error).toMatch(/does not follow the report format/);
    expect(result.exitCode).toBe(0);
    repo.cleanup();
  });

  it('every chairman answering without the report format: exit 1, says so with the first line of each answer, no hint about keys', async () => {
    const { repo, base } = repoWithChange();
    server.handle((r) => (isChairman(r) ? '\nI am sorry, I cannot compile this.\nSecond line.' : reviewText()));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    const { error } = JSON.parse(result.stdout) as { error: { message: string; hint: string } };
    expect(error.message).toMatch(/Claude could not chair: it answered, but its report could not be parsed \(.+\); its answer began: "I am sorry, I cannot compile this\."/);
    expect(error.message).not.toContain('Second line');
    expect(error.hint).toMatch(/^the model answered, but not in the format asked for/);
    expect(error.hint).not.toMatch(/key|--timeout/);
    repo.cleanup();
  });

  it('a chairman that echoes its prompt (a `cat` wired up to try the setup) is no verdict: exit 1, never a pass', async () => {
    const { repo, base } = repoWithChange();
    server.handle((r) => (isChairman(r) ? r.prompt : reviewText()));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    const { error } = JSON.parse(result.stdout) as { error: { message: string } };
    expect(error.message).toMatch(/Claude could not chair: it answered, but its report could not be parsed \(the answer repeats the prompt instead of answering it\)/);
    repo.cleanup();
  });

  it('a reviewer that echoes its prompt did not answer: its template is no finding', async () => {
    const { repo, base } = repoWithChange();
    script(reviewText(), SYNTHESIS_APPROVE);
    server.handle((r) => (isChairman(r) ? SYNTHESIS_APPROVE : r.prompt), 'anthropic');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.answered).toBe(2);
    const claude = doc.reviewers.find((r) => r.name === 'Claude')!;
    expect(claude).toMatchObject({ status: 'error', findings: [] });
    expect(claude.error).toMatch(/repeated the prompt instead of answering it/);
    repo.cleanup();
  });

  it('a diff over 10 KB is truncated with the note, and stage 2 does not resend it', async () => {
    const big = Array.from({ length: 600 }, (_, i) => `export const value${i} = ${i}; // FIRST_PART_MARKER`).join('\n');
    const tail = 'export const LAST_LINE_MARKER = true;\n';
    const { repo, base } = repoWithChange({ 'src/big.js': `${big}\n${tail}` });
    script(reviewText(), SYNTHESIS_APPROVE);
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.truncated).toBe(true);
    const stage1 = server.requests.filter((r) => !isChairman(r));
    expect(stage1).toHaveLength(3);
    for (const request of stage1) {
      expect(request.prompt).toContain('[Diff truncated - showing first 10KB]');
      expect(request.prompt).toContain('FIRST_PART_MARKER');
      expect(request.prompt).not.toContain('LAST_LINE_MARKER');
      // File list and description are always there, after the cut.
      expect(request.prompt).toMatch(/FILES CHANGED:\n- src\/app.js\n- src\/big.js/);
    }
    const chairman = server.requests.find(isChairman)!;
    expect(chairman.prompt).not.toContain('FIRST_PART_MARKER');
    expect(chairman.prompt).not.toContain('@@');
    expect(chairman.prompt).toContain('FILES CHANGED: src/app.js, src/big.js');
    repo.cleanup();
  });
});
