// --rounds: a later round is asked only while no fix holds, its prompt carries how the previous round
// failed, the candidates of every round are grouped together, and an interrupt in a later round
// leaves the files as they were. The built CLI, the real SDK against the loopback fake, real git.

import { isProcessAlive } from '@adlc/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type TempRepo } from '@adlc/testkit';
import { LogEventSchema } from '../src/output/log-event-schema.js';
import { BASE_ARGS, BIN, BUGGY, FIX, FIX_OTHER, FIX_SPACED, FIX_THIRD, GAMING, WRONG, bytes, fix, interruptMidEvaluation, parseOutput, useSuite, waitFor } from './support.js';

const suite = useSuite('rounds');
const run = (r: TempRepo, args: string[]) => runCli(BIN, args, { cwd: r.dir, env: suite.server.env() });
const prompts = () => suite.server.requestsFor('anthropic').map((q) => q.prompt);

describe('--rounds', () => {
  it('round 1 leaves no survivor; round 2 is shown its failing diffs, their messages and the discards, and its fix wins', async () => {
    const r = suite.repo();
    const logDir = join(suite.scratch, 'log-two-rounds');
    // Round 1: a plausible wrong fix (fails the repro), one that games the repro (fails the rails), an invalid answer.
    suite.server.enqueue('anthropic', fix(WRONG), fix(GAMING), 'I would change add.');
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX_SPACED), fix(WRONG));
    const res = await run(r, [...BASE_ARGS, '--rounds', '2', '--json', '--log-dir', logDir]);
    expect(res.exitCode, res.stderr).toBe(0);

    const asked = prompts();
    expect(asked).toHaveLength(6);
    for (const p of asked.slice(0, 3)) expect(p).not.toContain('An earlier round');
    const second = asked[3]!;
    expect(second).toContain(asked[0]!); // the first prompt, then what round 1 taught
    expect(second).toContain('An earlier round of answers did not produce a fix that holds');
    expect(second).toContain('+  return a * b;'); // the wrong fix, as a diff
    expect(second).toContain('add(2, 3) should be 5, got 6'); // and the message it produced
    expect(second).toContain('+  if (a === 2 && b === 3) return 5;'); // the gaming fix
    expect(second).toContain('failed at the regression suite');
    expect(second).toContain('not ok: [[0,2],[-8,0]]'); // what the rails said of it
    expect(second).toMatch(/discarded before any test ran[\s\S]*- invalid-json: /);
    for (const p of asked.slice(4)) expect(p).toBe(second);

    const doc = parseOutput(res.stdout);
    expect(doc.rounds).toEqual([
      { round: 1, candidates: 3, survivors: 0 },
      { round: 2, candidates: 3, survivors: 2 },
    ]);
    expect(doc.candidates.map((c) => [c.index, c.round])).toEqual([[0, 1], [1, 1], [2, 1], [3, 2], [4, 2], [5, 2]]);
    expect(doc.summary).toMatchObject({ total: 6, passed: 2, failed: 3, discarded: 1 });
    expect(doc.winner!.index).toBeGreaterThanOrEqual(3);
    expect(doc.winner!.changes[0]!.content).toBe(FIX);
    expect(doc.groups).toEqual([expect.objectContaining({ size: 2 })]);
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY); // a dry run
    expect(r.status()).toBe('');

    expect(readFileSync(join(logDir, 'prompt-round-2.txt'), 'utf8')).toBe(second);
    const events = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => LogEventSchema.parse(JSON.parse(l)));
    expect(events.filter((e) => e.event === 'round')).toEqual([
      expect.objectContaining({ round: 1, candidates: 3, survivors: 0 }),
      expect.objectContaining({ round: 2, candidates: 3, survivors: 2 }),
    ]);
    expect(events.filter((e) => e.event === 'completion').map((e) => (e as { index: number }).index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a round with a fix that holds is the last: no further model is asked', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(WRONG));
    const res = await run(r, [...BASE_ARGS, '--rounds', '3', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(prompts()).toHaveLength(3);
    const doc = parseOutput(res.stdout);
    expect(doc.rounds).toEqual([{ round: 1, candidates: 3, survivors: 2 }]);
    expect(doc.summary.total).toBe(3);
  });

  it('all-divergent survivors ask again, and an answer of round 2 agreeing with one of round 1 forms the winning group', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX_OTHER), fix(FIX_THIRD));
    suite.server.enqueue('anthropic', fix(FIX), fix(WRONG), fix(WRONG));
    const res = await run(r, [...BASE_ARGS, '--rounds', '2', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const asked = prompts();
    expect(asked).toHaveLength(6);
    expect(asked[3]).toContain('3 different changes passed, and no two of them agreed');
    const doc = parseOutput(res.stdout);
    expect(doc.rounds.map((x) => x.survivors)).toEqual([3, 1]);
    const winning = doc.groups.find((g) => g.size === 2)!;
    expect(winning.candidateIndices.some((i) => i < 3) && winning.candidateIndices.some((i) => i >= 3)).toBe(true);
    expect(doc.winner!.changes[0]!.content).toBe(FIX);
  });

  it('every round fails: exit 2, the verdict counts every candidate', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', fix(WRONG), fix(WRONG), fix(WRONG), fix(GAMING), fix(GAMING), fix(GAMING));
    const res = await run(r, [...BASE_ARGS, '--rounds', '2', '--json']);
    expect(res.exitCode, res.stderr).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.verdict).toBe('no-survivors');
    expect(doc.message).toBe('no survivors: none of the 6 candidates passed the gates');
    // Round 1's three identical wrong fixes are one way of failing: shown once.
    expect(prompts()[3]!.match(/Tried change \d/g)).toEqual(['Tried change 1']);
    expect(r.status()).toBe('');
  });

  it('--rounds 4 is refused with one line', async () => {
    const r = suite.repo();
    const res = await run(r, [...BASE_ARGS, '--rounds', '4']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/--rounds/);
    expect(prompts()).toHaveLength(0);
  });

  it('SIGINT while round 2 is evaluated: exit 130, files byte-identical, git status clean', async () => {
    const r = suite.repo();
    const before = [fix(WRONG), fix(WRONG), fix(WRONG)];
    const { exit, stderr, testPid, duringRun } = await interruptMidEvaluation(suite, r, 'SIGINT', 'round-2-sigint', { args: [...BASE_ARGS, '--rounds', '2'], first: (slow) => fix(slow), before });
    expect(prompts()).toHaveLength(6); // it was round 2
    expect(duringRun).not.toBe(BUGGY);
    expect(exit.code).toBe(130);
    expect(stderr()).toContain('interrupted by SIGINT');
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
    expect(r.status()).toBe('');
    await waitFor(() => !isProcessAlive(testPid), 5000);
  });
});
