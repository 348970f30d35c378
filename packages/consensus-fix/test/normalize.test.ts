// --normalize syntax: layout and comments do not split agreement; code that no longer parses fails
// at stage `syntax` before any test runs.

import { describe, expect, it } from 'vitest';
import { runCli } from '@adlc/testkit';
import { BASE_ARGS, BIN, BUGGY, FIX, fix, parseOutput, useSuite } from './support.js';

const COMPACT = BUGGY.replace('  return a - b;', '  // the bug: it subtracted\n  return a+b;');
const BROKEN = BUGGY.replace('  return a - b;', '  return a + ;');

const suite = useSuite('normalize');

describe('--normalize', () => {
  it('syntax: comments and spacing agree; an unparsable candidate fails at stage syntax', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(COMPACT), fix(BROKEN));
    const res = await runCli(BIN, [...BASE_ARGS, '--normalize', 'syntax', '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.normalize).toBe('syntax');
    expect(doc.groups).toHaveLength(1);
    expect(doc.groups[0]!.size).toBe(2);
    expect(doc.summary.failed).toBe(1);
    expect(doc.failedDetails[0]).toMatchObject({ stage: 'syntax', exitCode: null });
    expect(doc.failedDetails[0]!.outputTail).toContain('src/calc.mjs does not parse');
    expect(r.status()).toBe('');
  });

  it('whitespace (the default): the same two fixes do not agree', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(COMPACT), fix(BROKEN));
    const res = await runCli(BIN, [...BASE_ARGS, '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.summary.allDivergent).toBe(true);
    expect(doc.failedDetails[0]!.stage).toBe('repro');
  });
});
