// Answers cut off at the token limit (core's `truncated`), end to end: the real SDK clients against
// the loopback fake server, which answers with each protocol's own stop reason (Anthropic
// max_tokens, OpenAI length, Gemini MAX_TOKENS). A cut-off answer is never used, even when the part
// that arrived parses; it is a discarded candidate, not a failed call.

import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, type TempRepo } from '@adlc/testkit';
import { LogEventSchema } from '../src/output/log-event-schema.js';
import { BASE_ARGS, BIN, BUGGY, FIX, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('truncation');
const run = (r: TempRepo, args: string[]) => runCli(BIN, args, { cwd: r.dir, env: { ...suite.server.env(), ADLC_RETRY_BASE_MS: '1' } });
const cut = (text: string) => ({ text, truncated: true });

describe('a truncated answer', () => {
  it('every answer cut off (three providers): exit 2, each discarded as truncated, stderr says how to raise the limit', async () => {
    const r = suite.repo();
    // Complete, correct fixes: only the stop reason says they are cut off.
    suite.server.enqueue('anthropic', cut(fix(FIX)));
    suite.server.enqueue('openai', cut(fix(FIX)));
    suite.server.enqueue('gemini', cut(fix(FIX)));
    const res = await run(r, [...BASE_ARGS, '--providers', 'anthropic,openai,gemini', '--max-tokens', '2048', '--json']);
    expect(res.exitCode, res.stderr).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.verdict).toBe('no-survivors');
    expect(doc.discardedDetails.map((d) => [d.index, d.reason])).toEqual([[0, 'truncated'], [1, 'truncated'], [2, 'truncated']]);
    expect(doc.discardedDetails[0]!.message).toContain('token limit (2048 tokens)');
    expect(doc.usage).toMatchObject({ calls: 3, failedCalls: 0 });
    expect(res.stderr).toContain('3 of the 3 answers were cut off at the token limit (2048 tokens)');
    expect(res.stderr).toContain('--max-tokens 4096');
    expect(doc.warnings.some((w) => w.includes('cut off at the token limit'))).toBe(true);
    // --max-tokens reached each API as its own field.
    expect(suite.server.requests.map((q) => [q.protocol, q.maxTokens]).sort()).toEqual([['anthropic', 2048], ['gemini', 2048], ['openai', 2048]]);
    expect(bytes0(r)).toBe(BUGGY);
    expect(r.status()).toBe('');
  });

  it('without --max-tokens, ADLC_MAX_TOKENS sets the limit (and names it in the hint); --max-tokens wins over it', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', cut(fix(FIX)));
    const env = { ...suite.server.env(), ADLC_RETRY_BASE_MS: '1', ADLC_MAX_TOKENS: '3000' };
    const res = await runCli(BIN, [...BASE_ARGS, '--n', '1', '--json'], { cwd: r.dir, env });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain('cut off at the token limit (3000 tokens)');
    suite.server.enqueue('anthropic', fix(FIX));
    await runCli(BIN, [...BASE_ARGS, '--n', '1', '--max-tokens', '5000'], { cwd: r.dir, env });
    expect(suite.server.requests.map((q) => q.maxTokens)).toEqual([3000, 5000]);
  });

  it('one cut-off answer among good ones: discarded, the others still win; the run log marks it', async () => {
    const r = suite.repo();
    const logDir = join(suite.scratch, 'log');
    suite.server.enqueue('anthropic', cut(fix(FIX)), fix(FIX), fix(FIX));
    const res = await run(r, [...BASE_ARGS, '--json', '--log-dir', logDir]);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.discardedDetails).toEqual([expect.objectContaining({ index: 0, reason: 'truncated' })]);
    expect(doc.groups).toEqual([{ groupIndex: 0, size: 2, candidateIndices: [1, 2] }]);
    expect(res.stderr).toContain('1 of the 3 answers was cut off at the token limit (16384 tokens)');
    expect(res.stderr).toContain('--edit-format replace');
    const completions = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => LogEventSchema.parse(JSON.parse(l))).filter((e) => e.event === 'completion');
    expect(completions.map((e) => (e as { truncated?: boolean }).truncated).sort()).toEqual([false, false, true]);
  });

  it('no completion returned text at all: still exit 1, never a verdict', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', { status: 401, message: 'bad key' }, { status: 401, message: 'bad key' }, { status: 401, message: 'bad key' });
    const res = await run(r, [...BASE_ARGS, '--json']);
    expect(res.exitCode).toBe(1);
  });
});

function bytes0(r: TempRepo): string {
  return r.read('src/calc.mjs');
}
